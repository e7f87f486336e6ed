import Foundation
import Testing
@testable import Scanner

/// The library and the command leave out full Foundation (its ICU costs
/// every process about 3 ms to load); the few things they took from it
/// must give what Foundation gives, which this test process can still ask.
@Suite struct FoundationFreeHelpersTests {
    @Test(arguments: ["/a/b.png", "b.png", "/a/b/", "/", "b", "/a/.profile", "a.b.PNG", "dir.d/file", "shelf.jpg", "x/y.", "", ".", "..", "a..", "/a/b.tar.gz"])
    func pathNamesAreNSStrings(_ path: String) {
        let ns = path as NSString
        #expect(PathName.last(path) == ns.lastPathComponent)
        #expect(PathName.fileExtension(path) == ns.pathExtension)
        #expect(PathName.lastWithoutExtension(path) == (ns.lastPathComponent as NSString).deletingPathExtension)
    }

    @Test(arguments: [0.0, 1.5, -2.25, 0.0005, 12.345678, 1e12, -3e15, 1.7976931348623157e308, 29.97])
    func fixedPointIsPrintf(_ value: Double) {
        for decimals in [0, 1, 2, 3] {
            #expect(fixedPoint(value, decimals: decimals) == String(format: "%.\(decimals)f", value))
        }
    }

    @Test func trimmingKeepsWhatIsInside() {
        #expect(" \t0.25 ".trimming(while: \.isWhitespace) == "0.25")
        #expect("secret \n".trimming(while: \.isNewline) == "secret ")
        #expect("  ".trimming(while: \.isWhitespace) == "")
        #expect("a b".trimming(while: \.isWhitespace) == "a b")
    }

    @Test func aDetachedThreadRuns() async {
        let ran = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            detachThread(named: "test") { done.resume(returning: true) }
        }
        #expect(ran)
    }
}
