// Written by Scripts/openapi-schemas.py; do not edit. The OpenAPI Initiative's schemas (Apache License 2.0),
// each `format` left out (an annotation in JSON Schema 2020-12). Scripts/check-generated-data.py checks that
// this file is what the script makes of openapi-spec-validator 0.9.0's copies.

/// The OpenAPI Initiative's JSON Schemas of OpenAPI documents, as JSON text (``OpenAPIStructure``).
enum OpenAPISchemas {
    /// https://spec.openapis.org/oas/3.1/schema/2022-10-07
    static let v3_1 = ##"""
        {
         "$id": "https://spec.openapis.org/oas/3.1/schema/2022-10-07",
         "$schema": "https://json-schema.org/draft/2020-12/schema",
         "description": "The description of OpenAPI v3.1.x documents without schema validation, as defined by https://spec.openapis.org/oas/v3.1.0",
         "type": "object",
         "properties": {
          "openapi": {
           "type": "string",
           "pattern": "^3\\.1\\.\\d+(-.+)?$"
          },
          "info": {
           "$ref": "#/$defs/info"
          },
          "jsonSchemaDialect": {
           "type": "string",
           "default": "https://spec.openapis.org/oas/3.1/dialect/base"
          },
          "servers": {
           "type": "array",
           "items": {
            "$ref": "#/$defs/server"
           },
           "default": [
            {
             "url": "/"
            }
           ]
          },
          "paths": {
           "$ref": "#/$defs/paths"
          },
          "webhooks": {
           "type": "object",
           "additionalProperties": {
            "$ref": "#/$defs/path-item-or-reference"
           }
          },
          "components": {
           "$ref": "#/$defs/components"
          },
          "security": {
           "type": "array",
           "items": {
            "$ref": "#/$defs/security-requirement"
           }
          },
          "tags": {
           "type": "array",
           "items": {
            "$ref": "#/$defs/tag"
           }
          },
          "externalDocs": {
           "$ref": "#/$defs/external-documentation"
          }
         },
         "required": [
          "openapi",
          "info"
         ],
         "anyOf": [
          {
           "required": [
            "paths"
           ]
          },
          {
           "required": [
            "components"
           ]
          },
          {
           "required": [
            "webhooks"
           ]
          }
         ],
         "$ref": "#/$defs/specification-extensions",
         "unevaluatedProperties": false,
         "$defs": {
          "info": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#info-object",
           "type": "object",
           "properties": {
            "title": {
             "type": "string"
            },
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "termsOfService": {
             "type": "string"
            },
            "contact": {
             "$ref": "#/$defs/contact"
            },
            "license": {
             "$ref": "#/$defs/license"
            },
            "version": {
             "type": "string"
            }
           },
           "required": [
            "title",
            "version"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "contact": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#contact-object",
           "type": "object",
           "properties": {
            "name": {
             "type": "string"
            },
            "url": {
             "type": "string"
            },
            "email": {
             "type": "string"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "license": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#license-object",
           "type": "object",
           "properties": {
            "name": {
             "type": "string"
            },
            "identifier": {
             "type": "string"
            },
            "url": {
             "type": "string"
            }
           },
           "required": [
            "name"
           ],
           "dependentSchemas": {
            "identifier": {
             "not": {
              "required": [
               "url"
              ]
             }
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "server": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#server-object",
           "type": "object",
           "properties": {
            "url": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "variables": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/server-variable"
             }
            }
           },
           "required": [
            "url"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "server-variable": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#server-variable-object",
           "type": "object",
           "properties": {
            "enum": {
             "type": "array",
             "items": {
              "type": "string"
             },
             "minItems": 1
            },
            "default": {
             "type": "string"
            },
            "description": {
             "type": "string"
            }
           },
           "required": [
            "default"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "components": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#components-object",
           "type": "object",
           "properties": {
            "schemas": {
             "type": "object",
             "additionalProperties": {
              "$dynamicRef": "#meta"
             }
            },
            "responses": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/response-or-reference"
             }
            },
            "parameters": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/parameter-or-reference"
             }
            },
            "examples": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/example-or-reference"
             }
            },
            "requestBodies": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/request-body-or-reference"
             }
            },
            "headers": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/header-or-reference"
             }
            },
            "securitySchemes": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/security-scheme-or-reference"
             }
            },
            "links": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/link-or-reference"
             }
            },
            "callbacks": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/callbacks-or-reference"
             }
            },
            "pathItems": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/path-item-or-reference"
             }
            }
           },
           "patternProperties": {
            "^(schemas|responses|parameters|examples|requestBodies|headers|securitySchemes|links|callbacks|pathItems)$": {
             "$comment": "Enumerating all of the property names in the regex above is necessary for unevaluatedProperties to work as expected",
             "propertyNames": {
              "pattern": "^[a-zA-Z0-9._-]+$"
             }
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "paths": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#paths-object",
           "type": "object",
           "patternProperties": {
            "^/": {
             "$ref": "#/$defs/path-item-or-reference"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "path-item": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#path-item-object",
           "type": "object",
           "properties": {
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "servers": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/server"
             }
            },
            "parameters": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/parameter-or-reference"
             }
            },
            "get": {
             "$ref": "#/$defs/operation"
            },
            "put": {
             "$ref": "#/$defs/operation"
            },
            "post": {
             "$ref": "#/$defs/operation"
            },
            "delete": {
             "$ref": "#/$defs/operation"
            },
            "options": {
             "$ref": "#/$defs/operation"
            },
            "head": {
             "$ref": "#/$defs/operation"
            },
            "patch": {
             "$ref": "#/$defs/operation"
            },
            "trace": {
             "$ref": "#/$defs/operation"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "path-item-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/path-item"
           }
          },
          "operation": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#operation-object",
           "type": "object",
           "properties": {
            "tags": {
             "type": "array",
             "items": {
              "type": "string"
             }
            },
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "externalDocs": {
             "$ref": "#/$defs/external-documentation"
            },
            "operationId": {
             "type": "string"
            },
            "parameters": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/parameter-or-reference"
             }
            },
            "requestBody": {
             "$ref": "#/$defs/request-body-or-reference"
            },
            "responses": {
             "$ref": "#/$defs/responses"
            },
            "callbacks": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/callbacks-or-reference"
             }
            },
            "deprecated": {
             "default": false,
             "type": "boolean"
            },
            "security": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/security-requirement"
             }
            },
            "servers": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/server"
             }
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "external-documentation": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#external-documentation-object",
           "type": "object",
           "properties": {
            "description": {
             "type": "string"
            },
            "url": {
             "type": "string"
            }
           },
           "required": [
            "url"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "parameter": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#parameter-object",
           "type": "object",
           "properties": {
            "name": {
             "type": "string"
            },
            "in": {
             "enum": [
              "query",
              "header",
              "path",
              "cookie"
             ]
            },
            "description": {
             "type": "string"
            },
            "required": {
             "default": false,
             "type": "boolean"
            },
            "deprecated": {
             "default": false,
             "type": "boolean"
            },
            "schema": {
             "$dynamicRef": "#meta"
            },
            "content": {
             "$ref": "#/$defs/content",
             "minProperties": 1,
             "maxProperties": 1
            }
           },
           "required": [
            "name",
            "in"
           ],
           "oneOf": [
            {
             "required": [
              "schema"
             ]
            },
            {
             "required": [
              "content"
             ]
            }
           ],
           "if": {
            "properties": {
             "in": {
              "const": "query"
             }
            },
            "required": [
             "in"
            ]
           },
           "then": {
            "properties": {
             "allowEmptyValue": {
              "default": false,
              "type": "boolean"
             }
            }
           },
           "dependentSchemas": {
            "schema": {
             "properties": {
              "style": {
               "type": "string"
              },
              "explode": {
               "type": "boolean"
              }
             },
             "allOf": [
              {
               "$ref": "#/$defs/examples"
              },
              {
               "$ref": "#/$defs/parameter/dependentSchemas/schema/$defs/styles-for-path"
              },
              {
               "$ref": "#/$defs/parameter/dependentSchemas/schema/$defs/styles-for-header"
              },
              {
               "$ref": "#/$defs/parameter/dependentSchemas/schema/$defs/styles-for-query"
              },
              {
               "$ref": "#/$defs/parameter/dependentSchemas/schema/$defs/styles-for-cookie"
              },
              {
               "$ref": "#/$defs/parameter/dependentSchemas/schema/$defs/styles-for-form"
              }
             ],
             "$defs": {
              "styles-for-path": {
               "if": {
                "properties": {
                 "in": {
                  "const": "path"
                 }
                },
                "required": [
                 "in"
                ]
               },
               "then": {
                "properties": {
                 "name": {
                  "pattern": "[^/#?]+$"
                 },
                 "style": {
                  "default": "simple",
                  "enum": [
                   "matrix",
                   "label",
                   "simple"
                  ]
                 },
                 "required": {
                  "const": true
                 }
                },
                "required": [
                 "required"
                ]
               }
              },
              "styles-for-header": {
               "if": {
                "properties": {
                 "in": {
                  "const": "header"
                 }
                },
                "required": [
                 "in"
                ]
               },
               "then": {
                "properties": {
                 "style": {
                  "default": "simple",
                  "const": "simple"
                 }
                }
               }
              },
              "styles-for-query": {
               "if": {
                "properties": {
                 "in": {
                  "const": "query"
                 }
                },
                "required": [
                 "in"
                ]
               },
               "then": {
                "properties": {
                 "style": {
                  "default": "form",
                  "enum": [
                   "form",
                   "spaceDelimited",
                   "pipeDelimited",
                   "deepObject"
                  ]
                 },
                 "allowReserved": {
                  "default": false,
                  "type": "boolean"
                 }
                }
               }
              },
              "styles-for-cookie": {
               "if": {
                "properties": {
                 "in": {
                  "const": "cookie"
                 }
                },
                "required": [
                 "in"
                ]
               },
               "then": {
                "properties": {
                 "style": {
                  "default": "form",
                  "const": "form"
                 }
                }
               }
              },
              "styles-for-form": {
               "if": {
                "properties": {
                 "style": {
                  "const": "form"
                 }
                },
                "required": [
                 "style"
                ]
               },
               "then": {
                "properties": {
                 "explode": {
                  "default": true
                 }
                }
               },
               "else": {
                "properties": {
                 "explode": {
                  "default": false
                 }
                }
               }
              }
             }
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "parameter-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/parameter"
           }
          },
          "request-body": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#request-body-object",
           "type": "object",
           "properties": {
            "description": {
             "type": "string"
            },
            "content": {
             "$ref": "#/$defs/content"
            },
            "required": {
             "default": false,
             "type": "boolean"
            }
           },
           "required": [
            "content"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "request-body-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/request-body"
           }
          },
          "content": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#fixed-fields-10",
           "type": "object",
           "additionalProperties": {
            "$ref": "#/$defs/media-type"
           },
           "propertyNames": {}
          },
          "media-type": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#media-type-object",
           "type": "object",
           "properties": {
            "schema": {
             "$dynamicRef": "#meta"
            },
            "encoding": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/encoding"
             }
            }
           },
           "allOf": [
            {
             "$ref": "#/$defs/specification-extensions"
            },
            {
             "$ref": "#/$defs/examples"
            }
           ],
           "unevaluatedProperties": false
          },
          "encoding": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#encoding-object",
           "type": "object",
           "properties": {
            "contentType": {
             "type": "string"
            },
            "headers": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/header-or-reference"
             }
            },
            "style": {
             "default": "form",
             "enum": [
              "form",
              "spaceDelimited",
              "pipeDelimited",
              "deepObject"
             ]
            },
            "explode": {
             "type": "boolean"
            },
            "allowReserved": {
             "default": false,
             "type": "boolean"
            }
           },
           "allOf": [
            {
             "$ref": "#/$defs/specification-extensions"
            },
            {
             "$ref": "#/$defs/encoding/$defs/explode-default"
            }
           ],
           "unevaluatedProperties": false,
           "$defs": {
            "explode-default": {
             "if": {
              "properties": {
               "style": {
                "const": "form"
               }
              },
              "required": [
               "style"
              ]
             },
             "then": {
              "properties": {
               "explode": {
                "default": true
               }
              }
             },
             "else": {
              "properties": {
               "explode": {
                "default": false
               }
              }
             }
            }
           }
          },
          "responses": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#responses-object",
           "type": "object",
           "properties": {
            "default": {
             "$ref": "#/$defs/response-or-reference"
            }
           },
           "patternProperties": {
            "^[1-5](?:[0-9]{2}|XX)$": {
             "$ref": "#/$defs/response-or-reference"
            }
           },
           "minProperties": 1,
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false,
           "if": {
            "$comment": "either default, or at least one response code property must exist",
            "patternProperties": {
             "^[1-5](?:[0-9]{2}|XX)$": false
            }
           },
           "then": {
            "required": [
             "default"
            ]
           }
          },
          "response": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#response-object",
           "type": "object",
           "properties": {
            "description": {
             "type": "string"
            },
            "headers": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/header-or-reference"
             }
            },
            "content": {
             "$ref": "#/$defs/content"
            },
            "links": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/link-or-reference"
             }
            }
           },
           "required": [
            "description"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "response-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/response"
           }
          },
          "callbacks": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#callback-object",
           "type": "object",
           "$ref": "#/$defs/specification-extensions",
           "additionalProperties": {
            "$ref": "#/$defs/path-item-or-reference"
           }
          },
          "callbacks-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/callbacks"
           }
          },
          "example": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#example-object",
           "type": "object",
           "properties": {
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "value": true,
            "externalValue": {
             "type": "string"
            }
           },
           "not": {
            "required": [
             "value",
             "externalValue"
            ]
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "example-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/example"
           }
          },
          "link": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#link-object",
           "type": "object",
           "properties": {
            "operationRef": {
             "type": "string"
            },
            "operationId": {
             "type": "string"
            },
            "parameters": {
             "$ref": "#/$defs/map-of-strings"
            },
            "requestBody": true,
            "description": {
             "type": "string"
            },
            "body": {
             "$ref": "#/$defs/server"
            }
           },
           "oneOf": [
            {
             "required": [
              "operationRef"
             ]
            },
            {
             "required": [
              "operationId"
             ]
            }
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "link-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/link"
           }
          },
          "header": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#header-object",
           "type": "object",
           "properties": {
            "description": {
             "type": "string"
            },
            "required": {
             "default": false,
             "type": "boolean"
            },
            "deprecated": {
             "default": false,
             "type": "boolean"
            },
            "schema": {
             "$dynamicRef": "#meta"
            },
            "content": {
             "$ref": "#/$defs/content",
             "minProperties": 1,
             "maxProperties": 1
            }
           },
           "oneOf": [
            {
             "required": [
              "schema"
             ]
            },
            {
             "required": [
              "content"
             ]
            }
           ],
           "dependentSchemas": {
            "schema": {
             "properties": {
              "style": {
               "default": "simple",
               "const": "simple"
              },
              "explode": {
               "default": false,
               "type": "boolean"
              }
             },
             "$ref": "#/$defs/examples"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "header-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/header"
           }
          },
          "tag": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#tag-object",
           "type": "object",
           "properties": {
            "name": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "externalDocs": {
             "$ref": "#/$defs/external-documentation"
            }
           },
           "required": [
            "name"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "reference": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#reference-object",
           "type": "object",
           "properties": {
            "$ref": {
             "type": "string"
            },
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            }
           },
           "unevaluatedProperties": false
          },
          "schema": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#schema-object",
           "$dynamicAnchor": "meta",
           "type": [
            "object",
            "boolean"
           ]
          },
          "security-scheme": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#security-scheme-object",
           "type": "object",
           "properties": {
            "type": {
             "enum": [
              "apiKey",
              "http",
              "mutualTLS",
              "oauth2",
              "openIdConnect"
             ]
            },
            "description": {
             "type": "string"
            }
           },
           "required": [
            "type"
           ],
           "allOf": [
            {
             "$ref": "#/$defs/specification-extensions"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-apikey"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-http"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-http-bearer"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-oauth2"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-oidc"
            }
           ],
           "unevaluatedProperties": false,
           "$defs": {
            "type-apikey": {
             "if": {
              "properties": {
               "type": {
                "const": "apiKey"
               }
              },
              "required": [
               "type"
              ]
             },
             "then": {
              "properties": {
               "name": {
                "type": "string"
               },
               "in": {
                "enum": [
                 "query",
                 "header",
                 "cookie"
                ]
               }
              },
              "required": [
               "name",
               "in"
              ]
             }
            },
            "type-http": {
             "if": {
              "properties": {
               "type": {
                "const": "http"
               }
              },
              "required": [
               "type"
              ]
             },
             "then": {
              "properties": {
               "scheme": {
                "type": "string"
               }
              },
              "required": [
               "scheme"
              ]
             }
            },
            "type-http-bearer": {
             "if": {
              "properties": {
               "type": {
                "const": "http"
               },
               "scheme": {
                "type": "string",
                "pattern": "^[Bb][Ee][Aa][Rr][Ee][Rr]$"
               }
              },
              "required": [
               "type",
               "scheme"
              ]
             },
             "then": {
              "properties": {
               "bearerFormat": {
                "type": "string"
               }
              }
             }
            },
            "type-oauth2": {
             "if": {
              "properties": {
               "type": {
                "const": "oauth2"
               }
              },
              "required": [
               "type"
              ]
             },
             "then": {
              "properties": {
               "flows": {
                "$ref": "#/$defs/oauth-flows"
               }
              },
              "required": [
               "flows"
              ]
             }
            },
            "type-oidc": {
             "if": {
              "properties": {
               "type": {
                "const": "openIdConnect"
               }
              },
              "required": [
               "type"
              ]
             },
             "then": {
              "properties": {
               "openIdConnectUrl": {
                "type": "string"
               }
              },
              "required": [
               "openIdConnectUrl"
              ]
             }
            }
           }
          },
          "security-scheme-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/security-scheme"
           }
          },
          "oauth-flows": {
           "type": "object",
           "properties": {
            "implicit": {
             "$ref": "#/$defs/oauth-flows/$defs/implicit"
            },
            "password": {
             "$ref": "#/$defs/oauth-flows/$defs/password"
            },
            "clientCredentials": {
             "$ref": "#/$defs/oauth-flows/$defs/client-credentials"
            },
            "authorizationCode": {
             "$ref": "#/$defs/oauth-flows/$defs/authorization-code"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false,
           "$defs": {
            "implicit": {
             "type": "object",
             "properties": {
              "authorizationUrl": {
               "type": "string"
              },
              "refreshUrl": {
               "type": "string"
              },
              "scopes": {
               "$ref": "#/$defs/map-of-strings"
              }
             },
             "required": [
              "authorizationUrl",
              "scopes"
             ],
             "$ref": "#/$defs/specification-extensions",
             "unevaluatedProperties": false
            },
            "password": {
             "type": "object",
             "properties": {
              "tokenUrl": {
               "type": "string"
              },
              "refreshUrl": {
               "type": "string"
              },
              "scopes": {
               "$ref": "#/$defs/map-of-strings"
              }
             },
             "required": [
              "tokenUrl",
              "scopes"
             ],
             "$ref": "#/$defs/specification-extensions",
             "unevaluatedProperties": false
            },
            "client-credentials": {
             "type": "object",
             "properties": {
              "tokenUrl": {
               "type": "string"
              },
              "refreshUrl": {
               "type": "string"
              },
              "scopes": {
               "$ref": "#/$defs/map-of-strings"
              }
             },
             "required": [
              "tokenUrl",
              "scopes"
             ],
             "$ref": "#/$defs/specification-extensions",
             "unevaluatedProperties": false
            },
            "authorization-code": {
             "type": "object",
             "properties": {
              "authorizationUrl": {
               "type": "string"
              },
              "tokenUrl": {
               "type": "string"
              },
              "refreshUrl": {
               "type": "string"
              },
              "scopes": {
               "$ref": "#/$defs/map-of-strings"
              }
             },
             "required": [
              "authorizationUrl",
              "tokenUrl",
              "scopes"
             ],
             "$ref": "#/$defs/specification-extensions",
             "unevaluatedProperties": false
            }
           }
          },
          "security-requirement": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#security-requirement-object",
           "type": "object",
           "additionalProperties": {
            "type": "array",
            "items": {
             "type": "string"
            }
           }
          },
          "specification-extensions": {
           "$comment": "https://spec.openapis.org/oas/v3.1.0#specification-extensions",
           "patternProperties": {
            "^x-": true
           }
          },
          "examples": {
           "properties": {
            "example": true,
            "examples": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/example-or-reference"
             }
            }
           }
          },
          "map-of-strings": {
           "type": "object",
           "additionalProperties": {
            "type": "string"
           }
          }
         }
        }
        """##

    /// https://spec.openapis.org/oas/3.2/schema/2025-11-23
    static let v3_2 = ##"""
        {
         "$id": "https://spec.openapis.org/oas/3.2/schema/2025-11-23",
         "$schema": "https://json-schema.org/draft/2020-12/schema",
         "description": "The description of OpenAPI v3.2.x Documents without Schema Object validation",
         "type": "object",
         "properties": {
          "openapi": {
           "type": "string",
           "pattern": "^3\\.2\\.\\d+(-.+)?$"
          },
          "$self": {
           "type": "string",
           "$comment": "MUST NOT contain a fragment",
           "pattern": "^[^#]*$"
          },
          "info": {
           "$ref": "#/$defs/info"
          },
          "jsonSchemaDialect": {
           "type": "string",
           "default": "https://spec.openapis.org/oas/3.2/dialect/2025-09-17"
          },
          "servers": {
           "type": "array",
           "items": {
            "$ref": "#/$defs/server"
           },
           "default": [
            {
             "url": "/"
            }
           ]
          },
          "paths": {
           "$ref": "#/$defs/paths"
          },
          "webhooks": {
           "type": "object",
           "additionalProperties": {
            "$ref": "#/$defs/path-item"
           }
          },
          "components": {
           "$ref": "#/$defs/components"
          },
          "security": {
           "type": "array",
           "items": {
            "$ref": "#/$defs/security-requirement"
           }
          },
          "tags": {
           "type": "array",
           "items": {
            "$ref": "#/$defs/tag"
           }
          },
          "externalDocs": {
           "$ref": "#/$defs/external-documentation"
          }
         },
         "required": [
          "openapi",
          "info"
         ],
         "anyOf": [
          {
           "required": [
            "paths"
           ]
          },
          {
           "required": [
            "components"
           ]
          },
          {
           "required": [
            "webhooks"
           ]
          }
         ],
         "$ref": "#/$defs/specification-extensions",
         "unevaluatedProperties": false,
         "$defs": {
          "info": {
           "$comment": "https://spec.openapis.org/oas/v3.2#info-object",
           "type": "object",
           "properties": {
            "title": {
             "type": "string"
            },
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "termsOfService": {
             "type": "string"
            },
            "contact": {
             "$ref": "#/$defs/contact"
            },
            "license": {
             "$ref": "#/$defs/license"
            },
            "version": {
             "type": "string"
            }
           },
           "required": [
            "title",
            "version"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "contact": {
           "$comment": "https://spec.openapis.org/oas/v3.2#contact-object",
           "type": "object",
           "properties": {
            "name": {
             "type": "string"
            },
            "url": {
             "type": "string"
            },
            "email": {
             "type": "string"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "license": {
           "$comment": "https://spec.openapis.org/oas/v3.2#license-object",
           "type": "object",
           "properties": {
            "name": {
             "type": "string"
            },
            "identifier": {
             "type": "string"
            },
            "url": {
             "type": "string"
            }
           },
           "required": [
            "name"
           ],
           "dependentSchemas": {
            "identifier": {
             "not": {
              "required": [
               "url"
              ]
             }
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "server": {
           "$comment": "https://spec.openapis.org/oas/v3.2#server-object",
           "type": "object",
           "properties": {
            "url": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "name": {
             "type": "string"
            },
            "variables": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/server-variable"
             }
            }
           },
           "required": [
            "url"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "server-variable": {
           "$comment": "https://spec.openapis.org/oas/v3.2#server-variable-object",
           "type": "object",
           "properties": {
            "enum": {
             "type": "array",
             "items": {
              "type": "string"
             },
             "minItems": 1
            },
            "default": {
             "type": "string"
            },
            "description": {
             "type": "string"
            }
           },
           "required": [
            "default"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "components": {
           "$comment": "https://spec.openapis.org/oas/v3.2#components-object",
           "type": "object",
           "properties": {
            "schemas": {
             "type": "object",
             "additionalProperties": {
              "$dynamicRef": "#meta"
             }
            },
            "responses": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/response-or-reference"
             }
            },
            "parameters": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/parameter-or-reference"
             }
            },
            "examples": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/example-or-reference"
             }
            },
            "requestBodies": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/request-body-or-reference"
             }
            },
            "headers": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/header-or-reference"
             }
            },
            "securitySchemes": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/security-scheme-or-reference"
             }
            },
            "links": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/link-or-reference"
             }
            },
            "callbacks": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/callbacks-or-reference"
             }
            },
            "pathItems": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/path-item"
             }
            },
            "mediaTypes": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/media-type-or-reference"
             }
            }
           },
           "patternProperties": {
            "^(?:schemas|responses|parameters|examples|requestBodies|headers|securitySchemes|links|callbacks|pathItems|mediaTypes)$": {
             "$comment": "Enumerating all of the property names in the regex above is necessary for unevaluatedProperties to work as expected",
             "propertyNames": {
              "pattern": "^[a-zA-Z0-9._-]+$"
             }
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "paths": {
           "$comment": "https://spec.openapis.org/oas/v3.2#paths-object",
           "type": "object",
           "patternProperties": {
            "^/": {
             "$ref": "#/$defs/path-item"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "path-item": {
           "$comment": "https://spec.openapis.org/oas/v3.2#path-item-object",
           "type": "object",
           "properties": {
            "$ref": {
             "type": "string"
            },
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "servers": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/server"
             }
            },
            "parameters": {
             "$ref": "#/$defs/parameters"
            },
            "additionalOperations": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/operation"
             },
             "propertyNames": {
              "$comment": "RFC9110 restricts methods to \"1*tchar\" in ABNF",
              "pattern": "^[a-zA-Z0-9!#$%&'*+.^_`|~-]+$",
              "not": {
               "enum": [
                "GET",
                "PUT",
                "POST",
                "DELETE",
                "OPTIONS",
                "HEAD",
                "PATCH",
                "TRACE",
                "QUERY"
               ]
              }
             }
            },
            "get": {
             "$ref": "#/$defs/operation"
            },
            "put": {
             "$ref": "#/$defs/operation"
            },
            "post": {
             "$ref": "#/$defs/operation"
            },
            "delete": {
             "$ref": "#/$defs/operation"
            },
            "options": {
             "$ref": "#/$defs/operation"
            },
            "head": {
             "$ref": "#/$defs/operation"
            },
            "patch": {
             "$ref": "#/$defs/operation"
            },
            "trace": {
             "$ref": "#/$defs/operation"
            },
            "query": {
             "$ref": "#/$defs/operation"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "operation": {
           "$comment": "https://spec.openapis.org/oas/v3.2#operation-object",
           "type": "object",
           "properties": {
            "tags": {
             "type": "array",
             "items": {
              "type": "string"
             }
            },
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "externalDocs": {
             "$ref": "#/$defs/external-documentation"
            },
            "operationId": {
             "type": "string"
            },
            "parameters": {
             "$ref": "#/$defs/parameters"
            },
            "requestBody": {
             "$ref": "#/$defs/request-body-or-reference"
            },
            "responses": {
             "$ref": "#/$defs/responses"
            },
            "callbacks": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/callbacks-or-reference"
             }
            },
            "deprecated": {
             "default": false,
             "type": "boolean"
            },
            "security": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/security-requirement"
             }
            },
            "servers": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/server"
             }
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "external-documentation": {
           "$comment": "https://spec.openapis.org/oas/v3.2#external-documentation-object",
           "type": "object",
           "properties": {
            "description": {
             "type": "string"
            },
            "url": {
             "type": "string"
            }
           },
           "required": [
            "url"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "parameters": {
           "type": "array",
           "items": {
            "$ref": "#/$defs/parameter-or-reference"
           },
           "not": {
            "allOf": [
             {
              "contains": {
               "type": "object",
               "properties": {
                "in": {
                 "const": "query"
                }
               },
               "required": [
                "in"
               ]
              }
             },
             {
              "contains": {
               "type": "object",
               "properties": {
                "in": {
                 "const": "querystring"
                }
               },
               "required": [
                "in"
               ]
              }
             }
            ]
           },
           "contains": {
            "type": "object",
            "properties": {
             "in": {
              "const": "querystring"
             }
            },
            "required": [
             "in"
            ]
           },
           "minContains": 0,
           "maxContains": 1
          },
          "parameter": {
           "$comment": "https://spec.openapis.org/oas/v3.2#parameter-object",
           "type": "object",
           "properties": {
            "name": {
             "type": "string"
            },
            "in": {
             "enum": [
              "query",
              "querystring",
              "header",
              "path",
              "cookie"
             ]
            },
            "description": {
             "type": "string"
            },
            "required": {
             "default": false,
             "type": "boolean"
            },
            "deprecated": {
             "default": false,
             "type": "boolean"
            },
            "schema": {
             "$dynamicRef": "#meta"
            },
            "content": {
             "$ref": "#/$defs/content",
             "minProperties": 1,
             "maxProperties": 1
            }
           },
           "required": [
            "name",
            "in"
           ],
           "oneOf": [
            {
             "required": [
              "schema"
             ]
            },
            {
             "required": [
              "content"
             ]
            }
           ],
           "allOf": [
            {
             "$ref": "#/$defs/examples"
            },
            {
             "$ref": "#/$defs/specification-extensions"
            },
            {
             "if": {
              "properties": {
               "in": {
                "const": "query"
               }
              }
             },
             "then": {
              "properties": {
               "allowEmptyValue": {
                "default": false,
                "type": "boolean"
               }
              }
             }
            },
            {
             "if": {
              "properties": {
               "in": {
                "const": "querystring"
               }
              }
             },
             "then": {
              "required": [
               "content"
              ]
             }
            }
           ],
           "dependentSchemas": {
            "schema": {
             "properties": {
              "style": {
               "type": "string"
              },
              "explode": {
               "type": "boolean"
              }
             },
             "allOf": [
              {
               "$ref": "#/$defs/parameter/dependentSchemas/schema/$defs/styles-for-path"
              },
              {
               "$ref": "#/$defs/parameter/dependentSchemas/schema/$defs/styles-for-header"
              },
              {
               "$ref": "#/$defs/parameter/dependentSchemas/schema/$defs/styles-for-query"
              },
              {
               "$ref": "#/$defs/parameter/dependentSchemas/schema/$defs/styles-for-cookie"
              }
             ],
             "$defs": {
              "styles-for-path": {
               "if": {
                "properties": {
                 "in": {
                  "const": "path"
                 }
                }
               },
               "then": {
                "properties": {
                 "name": {
                  "pattern": "^[^{}]+$"
                 },
                 "style": {
                  "default": "simple",
                  "enum": [
                   "matrix",
                   "label",
                   "simple"
                  ]
                 },
                 "required": {
                  "const": true
                 },
                 "explode": {
                  "default": false
                 },
                 "allowReserved": {
                  "type": "boolean",
                  "default": false
                 }
                },
                "required": [
                 "required"
                ]
               }
              },
              "styles-for-header": {
               "if": {
                "properties": {
                 "in": {
                  "const": "header"
                 }
                }
               },
               "then": {
                "properties": {
                 "style": {
                  "default": "simple",
                  "const": "simple"
                 },
                 "explode": {
                  "default": false
                 }
                }
               }
              },
              "styles-for-query": {
               "if": {
                "properties": {
                 "in": {
                  "const": "query"
                 }
                }
               },
               "then": {
                "properties": {
                 "style": {
                  "default": "form",
                  "enum": [
                   "form",
                   "spaceDelimited",
                   "pipeDelimited",
                   "deepObject"
                  ]
                 },
                 "allowReserved": {
                  "type": "boolean",
                  "default": false
                 }
                },
                "$ref": "#/$defs/explode-for-form"
               }
              },
              "styles-for-cookie": {
               "if": {
                "properties": {
                 "in": {
                  "const": "cookie"
                 }
                }
               },
               "then": {
                "properties": {
                 "style": {
                  "default": "form",
                  "enum": [
                   "form",
                   "cookie"
                  ]
                 },
                 "explode": {
                  "default": true
                 }
                },
                "if": {
                 "properties": {
                  "style": {
                   "const": "form"
                  }
                 }
                },
                "then": {
                 "properties": {
                  "allowReserved": {
                   "type": "boolean",
                   "default": false
                  }
                 }
                }
               }
              }
             }
            }
           },
           "unevaluatedProperties": false
          },
          "parameter-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/parameter"
           }
          },
          "request-body": {
           "$comment": "https://spec.openapis.org/oas/v3.2#request-body-object",
           "type": "object",
           "properties": {
            "description": {
             "type": "string"
            },
            "content": {
             "$ref": "#/$defs/content"
            },
            "required": {
             "default": false,
             "type": "boolean"
            }
           },
           "required": [
            "content"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "request-body-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/request-body"
           }
          },
          "content": {
           "$comment": "https://spec.openapis.org/oas/v3.2#fixed-fields-10",
           "type": "object",
           "additionalProperties": {
            "$ref": "#/$defs/media-type-or-reference"
           },
           "propertyNames": {}
          },
          "media-type": {
           "$comment": "https://spec.openapis.org/oas/v3.2#media-type-object",
           "type": "object",
           "properties": {
            "description": {
             "type": "string"
            },
            "schema": {
             "$dynamicRef": "#meta"
            },
            "itemSchema": {
             "$dynamicRef": "#meta"
            },
            "encoding": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/encoding"
             }
            },
            "prefixEncoding": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/encoding"
             }
            },
            "itemEncoding": {
             "$ref": "#/$defs/encoding"
            }
           },
           "dependentSchemas": {
            "encoding": {
             "properties": {
              "prefixEncoding": false,
              "itemEncoding": false
             }
            }
           },
           "allOf": [
            {
             "$ref": "#/$defs/examples"
            },
            {
             "$ref": "#/$defs/specification-extensions"
            }
           ],
           "unevaluatedProperties": false
          },
          "media-type-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/media-type"
           }
          },
          "encoding": {
           "$comment": "https://spec.openapis.org/oas/v3.2#encoding-object",
           "type": "object",
           "properties": {
            "contentType": {
             "type": "string"
            },
            "headers": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/header-or-reference"
             }
            },
            "style": {
             "enum": [
              "form",
              "spaceDelimited",
              "pipeDelimited",
              "deepObject"
             ]
            },
            "explode": {
             "type": "boolean"
            },
            "allowReserved": {
             "type": "boolean"
            },
            "encoding": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/encoding"
             }
            },
            "prefixEncoding": {
             "type": "array",
             "items": {
              "$ref": "#/$defs/encoding"
             }
            },
            "itemEncoding": {
             "$ref": "#/$defs/encoding"
            }
           },
           "dependentSchemas": {
            "encoding": {
             "properties": {
              "prefixEncoding": false,
              "itemEncoding": false
             }
            },
            "style": {
             "properties": {
              "allowReserved": {
               "default": false
              }
             },
             "$ref": "#/$defs/explode-for-form"
            },
            "explode": {
             "properties": {
              "style": {
               "default": "form"
              },
              "allowReserved": {
               "default": false
              }
             }
            },
            "allowReserved": {
             "properties": {
              "style": {
               "default": "form"
              }
             },
             "$ref": "#/$defs/explode-for-form"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "responses": {
           "$comment": "https://spec.openapis.org/oas/v3.2#responses-object",
           "type": "object",
           "properties": {
            "default": {
             "$ref": "#/$defs/response-or-reference"
            }
           },
           "patternProperties": {
            "^[1-5](?:[0-9]{2}|XX)$": {
             "$ref": "#/$defs/response-or-reference"
            }
           },
           "minProperties": 1,
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false,
           "if": {
            "$comment": "either default, or at least one response code property must exist",
            "patternProperties": {
             "^[1-5](?:[0-9]{2}|XX)$": false
            }
           },
           "then": {
            "required": [
             "default"
            ]
           }
          },
          "response": {
           "$comment": "https://spec.openapis.org/oas/v3.2#response-object",
           "type": "object",
           "properties": {
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "headers": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/header-or-reference"
             }
            },
            "content": {
             "$ref": "#/$defs/content"
            },
            "links": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/link-or-reference"
             }
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "response-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/response"
           }
          },
          "callbacks": {
           "$comment": "https://spec.openapis.org/oas/v3.2#callback-object",
           "type": "object",
           "$ref": "#/$defs/specification-extensions",
           "additionalProperties": {
            "$ref": "#/$defs/path-item"
           }
          },
          "callbacks-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/callbacks"
           }
          },
          "example": {
           "$comment": "https://spec.openapis.org/oas/v3.2#example-object",
           "type": "object",
           "properties": {
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "dataValue": true,
            "serializedValue": {
             "type": "string"
            },
            "value": true,
            "externalValue": {
             "type": "string"
            }
           },
           "allOf": [
            {
             "not": {
              "required": [
               "value",
               "externalValue"
              ]
             }
            },
            {
             "not": {
              "required": [
               "value",
               "dataValue"
              ]
             }
            },
            {
             "not": {
              "required": [
               "value",
               "serializedValue"
              ]
             }
            },
            {
             "not": {
              "required": [
               "serializedValue",
               "externalValue"
              ]
             }
            }
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "example-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/example"
           }
          },
          "link": {
           "$comment": "https://spec.openapis.org/oas/v3.2#link-object",
           "type": "object",
           "properties": {
            "operationRef": {
             "type": "string"
            },
            "operationId": {
             "type": "string"
            },
            "parameters": {
             "$ref": "#/$defs/map-of-strings"
            },
            "requestBody": true,
            "description": {
             "type": "string"
            },
            "server": {
             "$ref": "#/$defs/server"
            }
           },
           "oneOf": [
            {
             "required": [
              "operationRef"
             ]
            },
            {
             "required": [
              "operationId"
             ]
            }
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "link-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/link"
           }
          },
          "header": {
           "$comment": "https://spec.openapis.org/oas/v3.2#header-object",
           "type": "object",
           "properties": {
            "description": {
             "type": "string"
            },
            "required": {
             "default": false,
             "type": "boolean"
            },
            "deprecated": {
             "default": false,
             "type": "boolean"
            },
            "schema": {
             "$dynamicRef": "#meta"
            },
            "content": {
             "$ref": "#/$defs/content",
             "minProperties": 1,
             "maxProperties": 1
            }
           },
           "oneOf": [
            {
             "required": [
              "schema"
             ]
            },
            {
             "required": [
              "content"
             ]
            }
           ],
           "dependentSchemas": {
            "schema": {
             "properties": {
              "style": {
               "default": "simple",
               "const": "simple"
              },
              "explode": {
               "default": false,
               "type": "boolean"
              }
             }
            }
           },
           "allOf": [
            {
             "$ref": "#/$defs/examples"
            },
            {
             "$ref": "#/$defs/specification-extensions"
            }
           ],
           "unevaluatedProperties": false
          },
          "header-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/header"
           }
          },
          "tag": {
           "$comment": "https://spec.openapis.org/oas/v3.2#tag-object",
           "type": "object",
           "properties": {
            "name": {
             "type": "string"
            },
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            },
            "externalDocs": {
             "$ref": "#/$defs/external-documentation"
            },
            "parent": {
             "type": "string"
            },
            "kind": {
             "type": "string"
            }
           },
           "required": [
            "name"
           ],
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false
          },
          "reference": {
           "$comment": "https://spec.openapis.org/oas/v3.2#reference-object",
           "type": "object",
           "properties": {
            "$ref": {
             "type": "string"
            },
            "summary": {
             "type": "string"
            },
            "description": {
             "type": "string"
            }
           }
          },
          "schema": {
           "$comment": "https://spec.openapis.org/oas/v3.2#schema-object",
           "$dynamicAnchor": "meta",
           "type": [
            "object",
            "boolean"
           ]
          },
          "security-scheme": {
           "$comment": "https://spec.openapis.org/oas/v3.2#security-scheme-object",
           "type": "object",
           "properties": {
            "type": {
             "enum": [
              "apiKey",
              "http",
              "mutualTLS",
              "oauth2",
              "openIdConnect"
             ]
            },
            "description": {
             "type": "string"
            },
            "deprecated": {
             "default": false,
             "type": "boolean"
            }
           },
           "required": [
            "type"
           ],
           "allOf": [
            {
             "$ref": "#/$defs/specification-extensions"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-apikey"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-http"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-http-bearer"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-oauth2"
            },
            {
             "$ref": "#/$defs/security-scheme/$defs/type-oidc"
            }
           ],
           "unevaluatedProperties": false,
           "$defs": {
            "type-apikey": {
             "if": {
              "properties": {
               "type": {
                "const": "apiKey"
               }
              }
             },
             "then": {
              "properties": {
               "name": {
                "type": "string"
               },
               "in": {
                "enum": [
                 "query",
                 "header",
                 "cookie"
                ]
               }
              },
              "required": [
               "name",
               "in"
              ]
             }
            },
            "type-http": {
             "if": {
              "properties": {
               "type": {
                "const": "http"
               }
              }
             },
             "then": {
              "properties": {
               "scheme": {
                "type": "string"
               }
              },
              "required": [
               "scheme"
              ]
             }
            },
            "type-http-bearer": {
             "if": {
              "properties": {
               "type": {
                "const": "http"
               },
               "scheme": {
                "type": "string",
                "pattern": "^[Bb][Ee][Aa][Rr][Ee][Rr]$"
               }
              },
              "required": [
               "type",
               "scheme"
              ]
             },
             "then": {
              "properties": {
               "bearerFormat": {
                "type": "string"
               }
              }
             }
            },
            "type-oauth2": {
             "if": {
              "properties": {
               "type": {
                "const": "oauth2"
               }
              }
             },
             "then": {
              "properties": {
               "flows": {
                "$ref": "#/$defs/oauth-flows"
               },
               "oauth2MetadataUrl": {
                "type": "string"
               }
              },
              "required": [
               "flows"
              ]
             }
            },
            "type-oidc": {
             "if": {
              "properties": {
               "type": {
                "const": "openIdConnect"
               }
              }
             },
             "then": {
              "properties": {
               "openIdConnectUrl": {
                "type": "string"
               }
              },
              "required": [
               "openIdConnectUrl"
              ]
             }
            }
           }
          },
          "security-scheme-or-reference": {
           "if": {
            "type": "object",
            "required": [
             "$ref"
            ]
           },
           "then": {
            "$ref": "#/$defs/reference"
           },
           "else": {
            "$ref": "#/$defs/security-scheme"
           }
          },
          "oauth-flows": {
           "type": "object",
           "properties": {
            "implicit": {
             "$ref": "#/$defs/oauth-flows/$defs/implicit"
            },
            "password": {
             "$ref": "#/$defs/oauth-flows/$defs/password"
            },
            "clientCredentials": {
             "$ref": "#/$defs/oauth-flows/$defs/client-credentials"
            },
            "authorizationCode": {
             "$ref": "#/$defs/oauth-flows/$defs/authorization-code"
            },
            "deviceAuthorization": {
             "$ref": "#/$defs/oauth-flows/$defs/device-authorization"
            }
           },
           "$ref": "#/$defs/specification-extensions",
           "unevaluatedProperties": false,
           "$defs": {
            "implicit": {
             "type": "object",
             "properties": {
              "authorizationUrl": {
               "type": "string"
              },
              "refreshUrl": {
               "type": "string"
              },
              "scopes": {
               "$ref": "#/$defs/map-of-strings"
              }
             },
             "required": [
              "authorizationUrl",
              "scopes"
             ],
             "$ref": "#/$defs/specification-extensions",
             "unevaluatedProperties": false
            },
            "password": {
             "type": "object",
             "properties": {
              "tokenUrl": {
               "type": "string"
              },
              "refreshUrl": {
               "type": "string"
              },
              "scopes": {
               "$ref": "#/$defs/map-of-strings"
              }
             },
             "required": [
              "tokenUrl",
              "scopes"
             ],
             "$ref": "#/$defs/specification-extensions",
             "unevaluatedProperties": false
            },
            "client-credentials": {
             "type": "object",
             "properties": {
              "tokenUrl": {
               "type": "string"
              },
              "refreshUrl": {
               "type": "string"
              },
              "scopes": {
               "$ref": "#/$defs/map-of-strings"
              }
             },
             "required": [
              "tokenUrl",
              "scopes"
             ],
             "$ref": "#/$defs/specification-extensions",
             "unevaluatedProperties": false
            },
            "authorization-code": {
             "type": "object",
             "properties": {
              "authorizationUrl": {
               "type": "string"
              },
              "tokenUrl": {
               "type": "string"
              },
              "refreshUrl": {
               "type": "string"
              },
              "scopes": {
               "$ref": "#/$defs/map-of-strings"
              }
             },
             "required": [
              "authorizationUrl",
              "tokenUrl",
              "scopes"
             ],
             "$ref": "#/$defs/specification-extensions",
             "unevaluatedProperties": false
            },
            "device-authorization": {
             "type": "object",
             "properties": {
              "deviceAuthorizationUrl": {
               "type": "string"
              },
              "tokenUrl": {
               "type": "string"
              },
              "refreshUrl": {
               "type": "string"
              },
              "scopes": {
               "$ref": "#/$defs/map-of-strings"
              }
             },
             "required": [
              "deviceAuthorizationUrl",
              "tokenUrl",
              "scopes"
             ],
             "$ref": "#/$defs/specification-extensions",
             "unevaluatedProperties": false
            }
           }
          },
          "security-requirement": {
           "$comment": "https://spec.openapis.org/oas/v3.2#security-requirement-object",
           "type": "object",
           "additionalProperties": {
            "type": "array",
            "items": {
             "type": "string"
            }
           }
          },
          "specification-extensions": {
           "$comment": "https://spec.openapis.org/oas/v3.2#specification-extensions",
           "patternProperties": {
            "^x-": true
           }
          },
          "examples": {
           "properties": {
            "example": true,
            "examples": {
             "type": "object",
             "additionalProperties": {
              "$ref": "#/$defs/example-or-reference"
             }
            }
           },
           "not": {
            "required": [
             "example",
             "examples"
            ]
           }
          },
          "map-of-strings": {
           "type": "object",
           "additionalProperties": {
            "type": "string"
           }
          },
          "explode-for-form": {
           "$comment": "for encoding objects, and query and cookie parameters, style=form is the default",
           "if": {
            "properties": {
             "style": {
              "const": "form"
             }
            }
           },
           "then": {
            "properties": {
             "explode": {
              "default": true
             }
            }
           },
           "else": {
            "properties": {
             "explode": {
              "default": false
             }
            }
           }
          }
         }
        }
        """##
}
