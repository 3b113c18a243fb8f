/// One `name=value` pair of an `application/x-www-form-urlencoded` body, decoded.
///
/// A form is an ordered list of fields: order is kept, and a name may repeat.
public struct FormField: Hashable, Sendable, CustomStringConvertible {
    /// The field's name, decoded.
    public var name: String
    /// The field's value, decoded.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`, decoded, for messages.
    public var description: String { "\(name)=\(value)" }
}

extension Array where Element == FormField {
    /// The value of the first field named `name`, or nil.
    public func value(of name: String) -> String? {
        first { $0.name == name }?.value
    }
}
