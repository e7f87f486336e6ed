import Foundation
import Testing
@testable import Scanner

@Suite struct Base64Tests {
    @Test func matchesTheRFCExamples() {
        let cases = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in cases {
            #expect(Base64.encode(Array(plain.utf8)) == encoded, "\(plain)")
        }
    }

    @Test func agreesWithFoundationOnEveryLengthAndByte() {
        var random = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString(), "\(bytes)")
        }
        let every = (0...255).map(UInt8.init)
        #expect(Base64.encode(every) == Data(every).base64EncodedString())
    }
}
