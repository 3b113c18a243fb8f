/// Pretty JSON written a member at a time, in ``JSONWriter/pretty(_:lineEnds:)``'s layout, and handed to a
/// destination in pieces as they fill: a report of tens of thousands of changes (27 MB for two versions of a vendor's
/// description) is never held whole, as a tree or as text.
///
/// An object or array is opened with a closure that writes its members (``object(_:_:)``, ``array(_:_:)``); a value
/// written whole (``member(_:_:)``, ``item(_:)``) takes the layout `pretty` gives it. An array streamed here holds
/// objects or arrays: `pretty` writes an array of scalars on one line, so such an array is written whole.
public struct JSONStream: ~Copyable {
    /// How many bytes are held before they are handed on.
    static let pieceSize = 1 << 16

    private var out: [UInt8] = []
    /// The members or items written so far in each open container, outermost first.
    private var counts: [Int] = []
    private let emit: ([UInt8]) -> Void

    /// Writes one JSON value with `body`, handing each piece to `emit` (the last with `lineEnds` newlines).
    public static func write(lineEnds: Int = 1, to emit: ([UInt8]) -> Void, _ body: (inout JSONStream) -> Void) {
        withoutActuallyEscaping(emit) { emit in
            var stream = JSONStream(emit: emit)
            body(&stream)
            stream.out.append(contentsOf: repeatElement(0x0A, count: lineEnds))
            emit(stream.out)
        }
    }

    private init(emit: @escaping ([UInt8]) -> Void) {
        self.emit = emit
        out.reserveCapacity(Self.pieceSize + Self.pieceSize / 4)
    }

    /// A member `key: value` of the object being written.
    public mutating func member(_ key: String, _ value: JSONValue) {
        startMember(key)
        JSONWriter.writePretty(value, indent: counts.count, into: &out)
        handOn()
    }

    /// An item of the array being written (an object or an array: see the type's note).
    public mutating func item(_ value: JSONValue) {
        assert(!value.isScalar, "an array of scalars is written whole, on one line")
        startMember(nil)
        JSONWriter.writePretty(value, indent: counts.count, into: &out)
        handOn()
    }

    /// How many containers are open: the depth ``items(_:count:)``'s bytes are made for.
    public var depth: Int { counts.count }

    /// The bytes of `count` items that `write` writes (its `index`-th item each time it is called, with ``item(_:)``,
    /// ``object(_:_:)`` or ``array(_:_:)``), one after another, in an array `depth` containers deep that holds other
    /// items before them when `following`: made apart from the stream (on another thread, while the stream writes the
    /// items before them), and written with ``items(_:count:)``.
    public static func itemBytes(count: Int, depth: Int, following: Bool, _ write: (_ index: Int, inout JSONStream) -> Void) -> [UInt8] {
        precondition(depth > 0, "items are written inside an array")
        final class Pieces {
            var bytes: [UInt8] = []
        }
        let pieces = Pieces()
        var stream = JSONStream(emit: { pieces.bytes += $0 })
        // Inside `depth` containers, each of which holds something already but the array, unless `following`.
        stream.counts = Array(repeating: 1, count: depth)
        stream.counts[depth - 1] = following ? 1 : 0
        for index in 0..<count { write(index, &stream) }
        pieces.bytes += stream.out
        return pieces.bytes
    }

    /// `count` items of the array being written, as ``itemBytes(_:depth:following:)`` made them for this depth (and
    /// with `following` true when the array holds items already).
    public mutating func items(_ bytes: [UInt8], count: Int) {
        precondition(!counts.isEmpty, "items are written inside an array")
        guard count > 0 else { return }
        counts[counts.count - 1] += count
        if out.isEmpty {
            emit(bytes)
            return
        }
        emit(out)
        out.removeAll(keepingCapacity: true)
        emit(bytes)
    }

    /// An object whose members `body` writes: the value of `key` in the object being written, an item of the array
    /// being written (`key` nil), or the whole value.
    public mutating func object(_ key: String? = nil, _ body: (inout JSONStream) -> Void) {
        container(key, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    /// An array whose items `body` writes, placed as ``object(_:_:)`` places an object.
    public mutating func array(_ key: String? = nil, _ body: (inout JSONStream) -> Void) {
        container(key, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    private mutating func container(_ key: String?, open: UInt8, close: UInt8, _ body: (inout JSONStream) -> Void) {
        if !counts.isEmpty { startMember(key) }
        out.append(open)
        counts.append(0)
        body(&self)
        if counts.removeLast() > 0 {
            out.append(0x0A)
            JSONWriter.newlineIndent(counts.count, into: &out)
        }
        out.append(close)
        handOn()
    }

    /// The separator, the new line and indentation, and the key (in an object) before a member or an item.
    private mutating func startMember(_ key: String?) {
        precondition(!counts.isEmpty, "a member is written inside an object or an array")
        if counts[counts.count - 1] > 0 { out.append(UInt8(ascii: ",")) }
        counts[counts.count - 1] += 1
        out.append(0x0A)
        JSONWriter.newlineIndent(counts.count, into: &out)
        if let key {
            JSONWriter.writeString(key, into: &out)
            out.append(UInt8(ascii: ":"))
            out.append(0x20)
        }
    }

    /// Hands the bytes held on once they fill a piece.
    private mutating func handOn() {
        guard out.count >= Self.pieceSize else { return }
        emit(out)
        out.removeAll(keepingCapacity: true)
    }
}
