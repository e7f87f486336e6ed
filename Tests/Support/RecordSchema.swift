import Foundation

/// Checks JSON Lines against the schemas in `Schemas/` with
/// python3-jsonschema (from Debian, see scripts/setup): a validator that is
/// not ours, so the schemas and the output are held to each other.
public enum RecordSchema {
    public static let directory = ScanCommand.packageRoot.appendingPathComponent("Schemas")
    /// Every line `scan --format json` writes.
    public static let file = directory.appendingPathComponent("scan-records.schema.json")
    /// Every event message `scan --publish` sends to TOPIC.
    public static let eventMessage = directory.appendingPathComponent("scan-event.schema.json")
    /// The lane's state on TOPIC/status.
    public static let statusMessage = directory.appendingPathComponent("scan-status.schema.json")

    /// The schemas refer to each other by file name.
    private static let checker = """
        import json, sys, pathlib, jsonschema
        path = pathlib.Path(sys.argv[1]).resolve()
        schemas = {file.as_uri(): json.load(open(file)) for file in path.parent.glob("*.schema.json")}
        schema = schemas[path.as_uri()]
        jsonschema.Draft202012Validator.check_schema(schema)
        try:
            from referencing import Registry, Resource
            registry = Registry().with_resources((uri, Resource.from_contents(s)) for uri, s in schemas.items())
            validator = jsonschema.Draft202012Validator({"$ref": path.as_uri()}, registry=registry)
        except ImportError:
            # jsonschema before 4.18 (Debian 12 has 4.10) resolves references itself.
            resolver = jsonschema.RefResolver(base_uri=path.as_uri(), referrer=schema)
            validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
        for number, line in enumerate(sys.stdin.read().splitlines(), 1):
            for error in validator.iter_errors(json.loads(line)):
                print(f"line {number}: {error.message}: {line}")
        """

    /// One message per line that breaks `schema`; empty when all conform.
    /// Throws when the checker itself cannot run.
    public static func violations(in lines: [String], schema: URL = file) throws -> [String] {
        let result = try ScanCommand.run(
            ["-c", checker, schema.path], input: Data(lines.joined(separator: "\n").utf8),
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        guard result.status == 0 else {
            throw ImageTools.Failure(description: "the schema check could not run: \(result.stderr)")
        }
        return result.lines
    }
}
