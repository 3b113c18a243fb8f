#!/usr/bin/env python3
"""A description of Stripe's shape, two versions of it, and a project that measures apicheck's commands on them.

    Benchmarks/stripe-description.py FOLDER [--resources 150] [--schemas 900] [--seed 1]

Stripe publishes its API as one OpenAPI 3.0 JSON document (spec3.json, about 6 MB): some 400 operations over
about 150 resources, and near a thousand schemas that refer to each other everywhere, because every field that
holds another object is "expandable", written

    "customer": {"anyOf": [{"maxLength": 5000, "type": "string"}, {"$ref": "#/components/schemas/customer"}],
                 "nullable": true, "x-expansionResources": {"oneOf": [{"$ref": "#/components/schemas/customer"}]}}

so that from one schema every other is a few `$ref`s away, in cycles. This writes a document of that shape (its
licence does not allow copying the real one): each resource an object with its scalars (`id`, `object`, `created`,
`livemode`, `metadata`, an enum `status`, nullable strings), six expandable fields leading to other resources, a
nested object leading to two more, and a list of a third; `deleted_<resource>`; the operations Stripe has for each
(list with `created` as a deepObject of bounds or an integer, `limit`, `starting_after`, `expand[]` as a deepObject
array; retrieve; create as a form body whose `expand` and `metadata` are deepObject fields; delete for one in three), each with a `default` error response. Seeded, so the same arguments write the same bytes.

Written to FOLDER: `stripe.json` and `stripe-v2.json` (the same with the changes a release makes: a field removed,
an enum value added, a field made optional, a parameter made required, an operation added), `apicheck.yml`
naming the first, and `recordings/` with one capture of `GET /v1/customers/{id}`.
"""
import argparse, json, os, random

NAMES = ("account application balance_transaction card charge checkout_session coupon credit_note customer dispute "
         "event file invoice invoiceitem issuing_card mandate payment_intent payment_link payment_method payout plan "
         "price product promotion_code quote refund review setup_intent source subscription subscription_item "
         "tax_rate terminal_reader token topup transfer webhook_endpoint").split()


def resource_names(count):
    names = list(NAMES)
    number = 0
    while len(names) < count:
        names.append("%s_%d" % (NAMES[number % len(NAMES)], number // len(NAMES) + 1))
        number += 1
    return names[:count]


def ref(name):
    return {"$ref": "#/components/schemas/%s" % name}


def expandable(target, nullable):
    field = {"anyOf": [{"maxLength": 5000, "type": "string"}, ref(target)],
             "description": "ID of the %s, or the object itself when expanded." % target,
             "x-expansionResources": {"oneOf": [ref(target)]}}
    if nullable:
        field["nullable"] = True
    return field


def resource(name, others, details, rng):
    properties = {
        "id": {"description": "Unique identifier for the object.", "maxLength": 5000, "type": "string"},
        "object": {"description": "String representing the object's type.", "enum": [name], "type": "string"},
        "created": {"description": "Time at which the object was created, in seconds since the Unix epoch.",
                    "format": "unix-time", "type": "integer"},
        "livemode": {"type": "boolean"},
        "metadata": {"additionalProperties": {"maxLength": 500, "type": "string"}, "nullable": True, "type": "object"},
        "description": {"maxLength": 5000, "nullable": True, "type": "string"},
        "amount": {"type": "integer"},
        "currency": {"format": "currency", "type": "string"},
        "status": {"enum": ["active", "canceled", "incomplete", "past_due", "trialing"], "type": "string"},
        "details": {"anyOf": [ref(details)], "nullable": True},
        "lines": {"type": "object", "title": "%sLinesList" % name, "required": ["data", "has_more", "object", "url"],
                  "properties": {"data": {"type": "array", "items": ref(rng.choice(others))},
                                 "has_more": {"type": "boolean"}, "object": {"enum": ["list"], "type": "string"},
                                 "url": {"maxLength": 5000, "type": "string"}}},
    }
    for number in range(6):
        properties["related_%d" % number] = expandable(rng.choice(others), nullable=number % 2 == 0)
    return {"description": "A %s." % name.replace("_", " "), "type": "object", "title": name,
            "required": ["id", "object", "created", "livemode", "status"], "properties": properties,
            "x-expandableFields": ["related_%d" % number for number in range(6)], "x-resourceId": name}


def detail(name, others, rng):
    properties = {"type": {"enum": ["card", "bank_account", "sepa_debit"], "type": "string"},
                  "last4": {"maxLength": 5000, "nullable": True, "type": "string"},
                  "country": {"maxLength": 5000, "nullable": True, "type": "string"},
                  "owner": expandable(rng.choice(others), nullable=True),
                  "source": expandable(rng.choice(others), nullable=False)}
    return {"type": "object", "title": name, "properties": properties, "required": ["type"]}


def operations(name, deletable):
    error = {"content": {"application/json": {"schema": ref("error")}}, "description": "Error response."}
    expand = {"description": "Specifies which fields in the response should be expanded.", "explode": True,
              "in": "query", "name": "expand", "required": False, "style": "deepObject",
              "schema": {"items": {"maxLength": 5000, "type": "string"}, "type": "array"}}
    created = {"explode": True, "in": "query", "name": "created", "required": False, "style": "deepObject",
               "schema": {"anyOf": [{"properties": {bound: {"type": "integer"} for bound in ("gt", "gte", "lt", "lte")},
                                     "title": "range_query_specs", "type": "object"}, {"type": "integer"}]}}
    listed = {"type": "object", "title": "%sList" % name, "required": ["data", "has_more", "object", "url"],
              "properties": {"data": {"type": "array", "items": ref(name)}, "has_more": {"type": "boolean"},
                             "object": {"enum": ["list"], "type": "string"},
                             "url": {"maxLength": 5000, "pattern": "^/v1/%s" % name, "type": "string"}}}
    collection = {
        "get": {"operationId": "Get%ss" % name, "description": "Returns a list of %ss." % name,
                "parameters": [created, expand,
                               {"in": "query", "name": "limit", "required": False, "schema": {"type": "integer"}},
                               {"in": "query", "name": "starting_after", "required": False,
                                "schema": {"maxLength": 5000, "type": "string"}}],
                "responses": {"200": {"content": {"application/json": {"schema": listed}}, "description": "OK"},
                              "default": error}},
        "post": {"operationId": "Post%ss" % name, "description": "Creates a %s." % name,
                 "requestBody": {"content": {"application/x-www-form-urlencoded": {
                     "encoding": {"expand": {"explode": True, "style": "deepObject"},
                                  "metadata": {"explode": True, "style": "deepObject"}},
                     "schema": {"type": "object", "additionalProperties": False,
                                "properties": {"description": {"maxLength": 5000, "type": "string"},
                                               "amount": {"type": "integer"},
                                               "currency": {"format": "currency", "type": "string"},
                                               "expand": {"items": {"maxLength": 5000, "type": "string"}, "type": "array"},
                                               "metadata": {"anyOf": [{"additionalProperties": {"type": "string"},
                                                                       "type": "object"},
                                                                      {"enum": [""], "type": "string"}]}}}}},
                     "required": False},
                 "responses": {"200": {"content": {"application/json": {"schema": ref(name)}}, "description": "OK"},
                               "default": error}},
    }
    item = {"get": {"operationId": "Get%s" % name, "parameters": [
        expand, {"in": "path", "name": "id", "required": True, "schema": {"maxLength": 5000, "type": "string"},
                 "style": "simple"}],
        "responses": {"200": {"content": {"application/json": {"schema": ref(name)}}, "description": "OK"},
                      "default": error}}}
    if deletable:
        item["delete"] = {"operationId": "Delete%s" % name, "parameters": item["get"]["parameters"][1:],
                          "responses": {"200": {"content": {"application/json": {"schema": ref("deleted_" + name)}},
                                                "description": "OK"}, "default": error}}
    return {"/v1/%ss" % name: collection, "/v1/%ss/{id}" % name: item}


def document(resources, schemas, seed):
    rng = random.Random(seed)
    names = resource_names(resources)
    details = ["%s_details" % names[number % resources] + ("" if number < resources else "_%d" % (number // resources))
               for number in range(max(schemas - 2 * resources - 1, 0))]
    components = {"error": {"type": "object", "required": ["error"], "properties": {"error": {
        "type": "object", "required": ["type"], "properties": {
            "type": {"enum": ["api_error", "card_error", "idempotency_error", "invalid_request_error"], "type": "string"},
            "message": {"maxLength": 40000, "type": "string"}, "code": {"maxLength": 5000, "type": "string"},
            "param": {"maxLength": 5000, "type": "string"}}}}}}
    for name in names:
        components[name] = resource(name, names, rng.choice(details) if details else name, rng)
        components["deleted_" + name] = {
            "type": "object", "required": ["deleted", "id", "object"],
            "properties": {"deleted": {"enum": [True], "type": "boolean"}, "id": {"maxLength": 5000, "type": "string"},
                           "object": {"enum": [name], "type": "string"}}}
    for name in details:
        components[name] = detail(name, names, rng)
    paths = {}
    for number, name in enumerate(names):
        paths.update(operations(name, deletable=number % 3 == 0))
    return {"openapi": "3.0.0", "info": {"title": "Stripe API (shape)", "version": "2024-06-20"},
            "servers": [{"url": "https://api.stripe.com/"}],
            "security": [{"basicAuth": []}, {"bearerAuth": []}],
            "paths": paths,
            "components": {"schemas": components, "securitySchemes": {
                "basicAuth": {"scheme": "basic", "type": "http"}, "bearerAuth": {"scheme": "bearer", "type": "http"}}}}


def release(old):
    """The next version: what one release of a vendor's description changes, over several places each."""
    new = json.loads(json.dumps(old))
    schemas = new["components"]["schemas"]
    resources = [name for name, schema in schemas.items() if "x-resourceId" in schema]
    for name in resources[::7]:
        del schemas[name]["properties"]["amount"]
    for name in resources[1::7]:
        schemas[name]["properties"]["status"]["enum"].append("paused")
    for name in resources[2::7]:
        schemas[name]["required"].remove("livemode")
    for name in resources[3::7]:
        new["paths"]["/v1/%ss" % name]["get"]["parameters"][1]["required"] = True
    new["paths"]["/v1/things_new"] = {"get": {"responses": {"200": {"description": "OK", "content": {
        "application/json": {"schema": ref(resources[0])}}}}}}
    new["info"]["version"] = "2024-09-30"
    return new


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("--resources", type=int, default=150)
    parser.add_argument("--schemas", type=int, default=900)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    old = document(arguments.resources, arguments.schemas, arguments.seed)
    os.makedirs(os.path.join(arguments.folder, "recordings"), exist_ok=True)
    for file, value in (("stripe.json", old), ("stripe-v2.json", release(old))):
        with open(os.path.join(arguments.folder, file), "w", encoding="utf-8") as out:
            json.dump(value, out, indent=2)
    customer = {"id": "cus_NffrFeUfNV2Hib", "object": "customer", "created": 1680893993, "livemode": False,
                "metadata": {}, "description": None, "amount": 0, "currency": "usd", "status": "active",
                "details": None, "lines": {"data": [], "has_more": False, "object": "list", "url": "/v1/lines"}}
    for number in range(6):
        customer["related_%d" % number] = "obj_%d" % number
    recording = {"format": "apicheck-recording/1", "api": "stripe", "name": "customer",
                 "recorded_at": "2026-11-26T00:00:00Z", "recorded_from": "https://api.stripe.com",
                 "interactions": [{"request": {"method": "GET", "url": "/v1/customers/cus_NffrFeUfNV2Hib", "headers": {}},
                                   "response": {"status": 200, "headers": {"Content-Type": "application/json"},
                                                "body": {"json": customer}}}]}
    with open(os.path.join(arguments.folder, "recordings", "customer.json"), "w", encoding="utf-8") as out:
        json.dump(recording, out, indent=2)
    with open(os.path.join(arguments.folder, "apicheck.yml"), "w", encoding="utf-8") as out:
        out.write("version: 1\napis:\n  stripe:\n    contract: stripe.json\n    recordings: recordings\n"
                  "    base_url: https://api.stripe.com\n")
    path = os.path.join(arguments.folder, "stripe.json")
    print("%s: %d bytes, %d operations, %d schemas" % (
        path, os.path.getsize(path), sum(len(item) for item in old["paths"].values()), len(old["components"]["schemas"])))


if __name__ == "__main__":
    main()
