import Foundation
import Testing
@testable import Scanner

@Suite struct JSONLineTests {
    /// The line parsed by Foundation, which must accept it.
    func parsed(_ line: JSONLine) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
    }

    @Test func keysKeepTheirOrder() {
        var line = JSONLine()
        line.add("b", 1)
        line.add("a", "x")
        line.add("c", true)
        #expect(line.text == #"{"b":1,"a":"x","c":true}"#)
        #expect(JSONLine().text == "{}")
    }

    @Test func stringsAreEscaped() {
        #expect(JSONLine.quoted("say \"hi\"\\") == #""say \"hi\"\\""#)
        #expect(JSONLine.quoted("a\nb\rc\td") == #""a\nb\rc\td""#)
        #expect(JSONLine.quoted("\u{1B}[31m\u{00}\u{7F}") == #""\u001b[31m\u0000\u007f""#)
        #expect(JSONLine.quoted("\u{9B}\u{2028}\u{2029}") == #""\u009b\u2028\u2029""#)
        #expect(JSONLine.quoted("日本 😀") == "\"日本 😀\"")
    }

    @Test func anyStringSurvivesFoundationsParser() throws {
        let nasty = String(String.UnicodeScalarView((0..<0x200).compactMap(Unicode.Scalar.init))) + "\u{2028}\u{2029}😀\"\\"
        var line = JSONLine()
        line.add("text", nasty)
        line.add("key \"quoted\"\n", "v")
        let object = try parsed(line)
        #expect(object["text"] as? String == nasty)
        #expect(object["key \"quoted\"\n"] as? String == "v")
        #expect(!line.text.contains("\n"))
    }

    @Test func numbersArePlainDecimals() {
        #expect(JSONLine.number(12, decimals: 3) == "12")
        #expect(JSONLine.number(12.5, decimals: 3) == "12.5")
        #expect(JSONLine.number(0.1 + 0.2, decimals: 3) == "0.3")
        #expect(JSONLine.number(0.05, decimals: 1) == "0.1")
        #expect(JSONLine.number(-1.25, decimals: 3) == "-1.25")
        #expect(JSONLine.number(-0.0004, decimals: 3) == "0")
        #expect(JSONLine.number(0.001, decimals: 3) == "0.001")
        #expect(JSONLine.number(1e-7, decimals: 3) == "0")
        #expect(JSONLine.number(123_456_789.125, decimals: 3) == "123456789.125")
        #expect(JSONLine.number(7.9, decimals: 0) == "8")
    }

    @Test func nonFiniteNumbersAreNull() {
        #expect(JSONLine.number(.nan, decimals: 3) == "null")
        #expect(JSONLine.number(.infinity, decimals: 3) == "null")
        #expect(JSONLine.number(-.infinity, decimals: 3) == "null")
    }

    @Test func everyValueKindParses() throws {
        var line = JSONLine()
        line.add("int", -42)
        line.add("sequence", UInt64.max)
        line.add("seconds", 0.0126)
        line.add("ms", 2.5, decimals: 1)
        line.add("ok", false)
        line.add("corners", points: [Point(x: 1, y: 2.25), Point(x: -0.04, y: 1e-9)])
        line.add("none", .nan)
        #expect(line.text.contains(#""corners":[[1,2.3],[0,0]]"#))
        let object = try parsed(line)
        #expect(object["int"] as? Int == -42)
        #expect((object["sequence"] as? NSNumber)?.uint64Value == UInt64.max)
        #expect(object["seconds"] as? Double == 0.013)
        #expect(object["ms"] as? Double == 2.5)
        #expect(object["ok"] as? Bool == false)
        #expect((object["corners"] as? [[Double]])?.count == 2)
        #expect(object["none"] is NSNull)
    }
}
