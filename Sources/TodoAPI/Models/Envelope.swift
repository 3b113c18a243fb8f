/// The API's response envelope, `{"data": ..., "meta": ..., "message": ...}`, in one of two shapes.
///
/// List endpoints answer `Envelope<[Todo]>` (``TodoPage``), with `data` an array and `meta` set;
/// single-item endpoints answer `Envelope<Todo>` (``TodoResponse``), with `data` an object.
/// Decoding a body of the other shape fails with `DecodingError.typeMismatch` at `data`, saying
/// which shape was expected and which was found, instead of a generic type mismatch.
public struct Envelope<Payload: Decodable & Sendable>: Decodable, Sendable {
    /// The list or the single item.
    public let data: Payload
    /// The pagination block; list endpoints send it, single-item endpoints do not.
    public let meta: PageMeta?
    /// The server's human-readable message, such as `성공`.
    public let message: String?

    enum CodingKeys: String, CodingKey {
        case data, meta, message
    }

    /// Decodes the envelope, turning a `data` of the wrong shape into a clear `DecodingError.typeMismatch`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            data = try container.decode(Payload.self, forKey: .data)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count == container.codingPath.count + 1 {
            throw Self.shapeMismatch(in: container, context: context)
        }
        meta = try container.decodeIfPresent(PageMeta.self, forKey: .meta)
        message = try container.decodeIfPresent(String.self, forKey: .message)
    }

    /// Which shape this envelope expects in `data`.
    public static var expectedShape: DataShape {
        Payload.self is any ListPayload.Type ? .list : .single
    }

    private static func shapeMismatch(in container: KeyedDecodingContainer<CodingKeys>, context: DecodingError.Context) -> DecodingError {
        let found: String
        if (try? container.nestedUnkeyedContainer(forKey: .data)) != nil {
            found = "an array (a list)"
        } else if (try? container.nestedContainer(keyedBy: CodingKeys.self, forKey: .data)) != nil {
            found = "an object (a single item)"
        } else if (try? container.decodeNil(forKey: .data)) == true {
            found = "null"
        } else {
            found = "a scalar"
        }
        let expected =
            expectedShape == .list
            ? "an array (list endpoint, decode with Envelope<[Item]>)"
            : "an object (single-item endpoint, decode with Envelope<Item>)"
        return DecodingError.typeMismatch(
            Payload.self,
            .init(
                codingPath: context.codingPath,
                debugDescription: "shape mismatch at data: expected \(expected), found \(found)",
                underlyingError: DecodingError.typeMismatch(Payload.self, context)
            )
        )
    }
}

/// Whether an envelope's `data` holds a list of items or a single item.
public struct DataShape: Hashable, Sendable, CustomStringConvertible {
    let name: String
    /// `data` is an array.
    public static let list = DataShape(name: "list")
    /// `data` is an object.
    public static let single = DataShape(name: "single item")
    /// `list` or `single item`.
    public var description: String { name }
}

/// Marks the payload types that are lists; only `Array` conforms (internal, so it adds nothing to `Array`'s public API).
protocol ListPayload {}
extension Array: ListPayload {}

/// A page of todos: `data` is an array and `meta` is the pagination block.
public typealias TodoPage = Envelope<[Todo]>
/// One todo: `data` is an object.
public typealias TodoResponse = Envelope<Todo>
