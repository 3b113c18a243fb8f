import Foundation

/// A JSON value with ordered object keys, written by the sandbox's own small writer.
///
/// The sandbox writes its bodies itself (not with `JSONEncoder`) so that key order matches the
/// real API byte for byte, and it shares no code with the clients it is meant to test.
indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number written exactly as this literal (GitHub's search `score`, `1.0` or `27.481573`).
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: return false
        }
    }

    /// The compact UTF-8 serialization; non-ASCII text is written as is.
    var bytes: [UInt8] { bytes(escapingHTML: false) }

    /// The compact UTF-8 serialization; with `escapingHTML`, `<`, `>` and `&` inside strings are written
    /// `\u003c`, `\u003e` and `\u0026`, as Kakao's servers write them.
    func bytes(escapingHTML: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, escapingHTML: escapingHTML)
        return out
    }

    func write(to out: inout [UInt8], escapingHTML: Bool = false) {
        switch self {
        case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(let value): out.append(contentsOf: Array((value ? "true" : "false").utf8))
        case .int(let value): out.append(contentsOf: Array(String(value).utf8))
        case .number(let literal): out.append(contentsOf: Array(literal.utf8))
        case .string(let value): JSON.writeString(value, to: &out, escapingHTML: escapingHTML)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out, escapingHTML: escapingHTML)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(key, to: &out, escapingHTML: escapingHTML)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out, escapingHTML: escapingHTML)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ string: String, to out: inout [UInt8], escapingHTML: Bool = false) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case let html where escapingHTML && (html == UInt8(ascii: "<") || html == UInt8(ascii: ">") || html == UInt8(ascii: "&")):
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            case 0..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Reads a request body with Foundation's parser; the sandbox only needs values, not order.
    static func parseObject(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [])) as? [String: Any]
    }
}
