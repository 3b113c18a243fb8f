import APICheckContracts
import APICheckRecording

// What the contract test targets share: a small contract, and interactions made in one line.

/// A contract of two operations that has something of each coverage measure: an `allOf` of two parts, a `$ref` to a
/// recursive schema, an enum, a `4XX` range, a response with no body.
public enum ThingsContract {
    public static let text = """
        openapi: 3.1.0
        info: { title: things, version: "1" }
        paths:
          /things:
            get:
              responses:
                "200":
                  description: a page
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          data: { type: array, items: { $ref: "#/components/schemas/Thing" } }
                          next: { type: [string, "null"] }
                "4XX":
                  description: an error
                  content:
                    application/json:
                      schema: { type: object, properties: { message: { type: string } } }
          /things/{id}:
            delete:
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              responses:
                "204": { description: gone }
        components:
          schemas:
            Thing:
              allOf:
                - type: object
                  properties:
                    id: { type: integer }
                    state: { enum: [open, closed, archived] }
                - type: object
                  properties:
                    owner: { $ref: "#/components/schemas/Owner" }
            Owner:
              type: object
              properties:
                name: { type: string }
                boss: { $ref: "#/components/schemas/Owner" }
        """

    public static func compiled() throws -> CompiledContract {
        try Contract.parse(text, path: "things.yaml").compiled
    }
}

/// An interaction with a JSON body (or none): `method url` answered with `status`.
public func jsonInteraction(_ method: String, _ url: String, status: Int, body: JSONValue? = nil) -> Interaction {
    Interaction(
        request: RecordedRequest(method: method, url: url),
        response: RecordedResponse(
            status: status, headers: HeaderFields([("Content-Type", "application/json")]), body: body.map { .json($0) })
    )
}
