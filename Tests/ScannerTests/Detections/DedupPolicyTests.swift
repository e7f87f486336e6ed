import Testing
@testable import Scanner

@Test func dedupPolicyParsesTheCommandLineNames() throws {
    #expect(try DedupPolicy(parsing: "once-per-presentation") == .oncePerPresentation(rearm: .milliseconds(500)))
    #expect(try DedupPolicy(parsing: "window") == .window(.seconds(1)))
    #expect(try DedupPolicy(parsing: "every-frame") == .everyFrame)
    #expect(try DedupPolicy(parsing: "once") == .once)
    #expect(DedupPolicy.default == .oncePerPresentation(rearm: .milliseconds(500)))
}

@Test func dedupPolicyParsesDurations() throws {
    #expect(try DedupPolicy(parsing: "once-per-presentation:300ms") == .oncePerPresentation(rearm: .milliseconds(300)))
    #expect(try DedupPolicy(parsing: "window:2s") == .window(.seconds(2)))
    #expect(try DedupPolicy(parsing: "Window:1.5s") == .window(.milliseconds(1500)))
}

@Test(arguments: ["sometimes", "", "window:abc", "window:-1s", "window:0ms", "window:5", "once:2s", "every-frame:1s"])
func dedupPolicyRejects(_ text: String) {
    #expect(throws: DedupPolicyParseError.self) { try DedupPolicy(parsing: text) }
    #expect(DedupPolicyParseError(text: text).description.contains("'\(text)'"))
}
