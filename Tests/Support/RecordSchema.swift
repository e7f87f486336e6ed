import Foundation

/// Checks JSON Lines against `Schemas/scan-records.schema.json` with
/// python3-jsonschema (from Debian, see scripts/setup): a validator that is
/// not ours, so the schema and the output are held to each other.
public enum RecordSchema {
    public static let file = ScanCommand.packageRoot.appendingPathComponent("Schemas/scan-records.schema.json")

    private static let checker = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for number, line in enumerate(sys.stdin.read().splitlines(), 1):
            for error in validator.iter_errors(json.loads(line)):
                print(f"line {number}: {error.message}: {line}")
        """

    /// One message per line that breaks the schema; empty when all conform.
    /// Throws when the checker itself cannot run.
    public static func violations(in lines: [String]) throws -> [String] {
        let result = try ScanCommand.run(
            ["-c", checker, file.path], input: Data(lines.joined(separator: "\n").utf8),
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        guard result.status == 0 else {
            throw ImageTools.Failure(description: "the schema check could not run: \(result.stderr)")
        }
        return result.lines
    }
}
