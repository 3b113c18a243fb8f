import APICheckRecording
import Foundation
import WireFormat

/// Accumulates JSON samples of one place in a body and infers a schema that accepts them all.
final class SchemaSampler {
    var samples = 0
    var types: Set<String> = []
    // Objects
    var objectSamples = 0
    var properties: [(name: String, sampler: SchemaSampler, present: Int)] = []
    // Arrays
    var items: SchemaSampler?
    // Strings
    var stringSamples = 0
    var dateForms: Set<DateWireForm> = []
    var allDates = true
    var allURIs = true

    func add(_ value: JSONValue) {
        samples += 1
        switch value {
        case .null: types.insert("null")
        case .bool: types.insert("boolean")
        case .number(let number): types.insert(number.isInteger ? "integer" : "number")
        case .string(let text):
            types.insert("string")
            stringSamples += 1
            if let stamp = try? ISO8601Timestamp(parsing: text) { dateForms.insert(stamp.wireForm) } else { allDates = false }
            if !(text.hasPrefix("http://") || text.hasPrefix("https://")) || URL(string: text)?.host == nil { allURIs = false }
        case .array(let elements):
            types.insert("array")
            if items == nil { items = SchemaSampler() }
            for element in elements { items?.add(element) }
        case .object(let object):
            types.insert("object")
            objectSamples += 1
            for member in object {
                if let index = properties.firstIndex(where: { $0.name == member.key }) {
                    properties[index].present += 1
                    properties[index].sampler.add(member.value)
                } else {
                    let sampler = SchemaSampler()
                    sampler.add(member.value)
                    properties.append((member.key, sampler, 1))
                }
            }
        }
    }

    /// The inferred schema as OpenAPI JSON, keys in a stable order.
    func schema() -> JSONValue {
        var members: [JSONObject.Member] = []
        var kinds = types
        // An integer seen beside decimals is a number.
        if kinds.contains("number") { kinds.remove("integer") }
        let order = ["object", "array", "string", "integer", "number", "boolean", "null"]
        let sorted = order.filter(kinds.contains)
        if sorted.count == 1 {
            members.append(.init(key: "type", value: .string(sorted[0])))
        } else if !sorted.isEmpty {
            members.append(.init(key: "type", value: .array(sorted.map(JSONValue.string))))
        }
        if kinds.contains("string") && stringSamples > 0 {
            if allDates, dateForms.count >= 1 {
                members.append(.init(key: "format", value: "date-time"))
                if dateForms.count == 1, let form = dateForms.first {
                    members.append(
                        .init(
                            key: "x-apicheck-date",
                            value: .object(
                                JSONObject([
                                    .init(key: "fraction-digits", value: .number(JSONNumber(form.fractionDigits))),
                                    .init(key: "offset", value: .string(form.offset.description)),
                                ]))))
                }
            } else if allURIs {
                members.append(.init(key: "format", value: "uri"))
            }
        }
        if kinds.contains("object") {
            let required = properties.filter { $0.present == objectSamples }.map(\.name)
            if !required.isEmpty { members.append(.init(key: "required", value: .array(required.map(JSONValue.string)))) }
            if !properties.isEmpty {
                members.append(
                    .init(key: "properties", value: .object(JSONObject(properties.map { .init(key: $0.name, value: $0.sampler.schema()) })))
                )
            }
        }
        if kinds.contains("array") {
            members.append(
                .init(key: "items", value: items.map { $0.samples > 0 ? $0.schema() : .object(JSONObject()) } ?? .object(JSONObject())))
        }
        return .object(JSONObject(members))
    }

    /// Every key seen below this place.
    func allKeys() -> [String] {
        properties.flatMap { [$0.name] + $0.sampler.allKeys() } + (items?.allKeys() ?? [])
    }
}
