import Testing
@testable import Scanner

@Suite struct Code39InterpretationTests {
    /// The full-ASCII table of ISO/IEC 16388, one entry per code 0...127:
    /// how each character is drawn in Code 39.
    static let fullASCIITable: [String] = {
        let controls = ["%U"] + "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { "$\($0)" } + ["%A", "%B", "%C", "%D", "%E"]
        let punctuation = [" ", "/A", "/B", "/C", "/D", "/E", "/F", "/G", "/H", "/I", "/J", "/K", "/L", "-", ".", "/O"]
        let digits = "0123456789".map(String.init) + ["/Z", "%F", "%G", "%H", "%I", "%J"]
        let upper = ["%V"] + "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init) + ["%K", "%L", "%M", "%N", "%O"]
        let lower = ["%W"] + "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { "+\($0)" } + ["%P", "%Q", "%R", "%S", "%T"]
        return controls + punctuation + digits + upper + lower
    }()

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func tableCoversASCII() {
        #expect(Self.fullASCIITable.count == 128)
    }

    @Test(arguments: 0..<128)
    func decodesEveryShiftedCharacter(_ code: Int) {
        let drawn = Self.fullASCIITable[code]
        guard drawn.count == 2 else { return }  // drawn as itself: nothing to interpret
        #expect(Code39Interpretation.fullASCII(bytes("A" + drawn + "9")) == [0x41, UInt8(code), 0x39], "\(drawn)")
    }

    @Test func decodesTheWholeTableAtOnce() {
        let drawn = bytes(Self.fullASCIITable.joined())
        #expect(Code39Interpretation.interpret(drawn) == (0..<128).map(UInt8.init))
    }

    @Test func acceptsTheAlternativeEncodings() {
        // /M and /N spell '-' and '.'; %X, %Y, %Z are DEL as %T is.
        #expect(Code39Interpretation.fullASCII(bytes("/M/N+A")) == bytes("-.a"))
        #expect(Code39Interpretation.fullASCII(bytes("%X%Y%Z")) == [0x7F, 0x7F, 0x7F])
    }

    @Test(arguments: ["AB+", "+1", "$ ", "/P", "%%", "A+B$", "+a", "/Y"])
    func leavesMalformedShiftsAlone(_ text: String) {
        #expect(Code39Interpretation.fullASCII(bytes(text)) == nil)
        #expect(Code39Interpretation.interpret(bytes(text)) == bytes(text))
    }

    @Test func leavesPlainCode39Alone() {
        #expect(Code39Interpretation.fullASCII(bytes("CODE 39-1.5")) == nil)
        #expect(Code39Interpretation.interpret(bytes("CODE 39-1.5")) == bytes("CODE 39-1.5"))
    }

    @Test func readsCode32WithAValidCheckDigit() {
        // Rendered by zint as Code 32 012345676 and 123456788; read by zbarimg.
        #expect(Code39Interpretation.code32(bytes("0CSSBD")) == bytes("A012345676"))
        #expect(Code39Interpretation.interpret(bytes("3PRM8N")) == bytes("A123456788"))
    }

    @Test func leavesCode32WithAWrongCheckDigitAlone() {
        // 0CSSBF is 012345677: the check digit should be 6.
        #expect(Code39Interpretation.code32(bytes("0CSSBF")) == nil)
        #expect(Code39Interpretation.interpret(bytes("0CSSBF")) == bytes("0CSSBF"))
        // Letters outside the base-32 alphabet (A, E, I, O) and other lengths.
        #expect(Code39Interpretation.code32(bytes("0CSSBA")) == nil)
        #expect(Code39Interpretation.code32(bytes("0CSSBDD")) == nil)
        // Beyond nine digits.
        #expect(Code39Interpretation.code32(bytes("ZZZZZZ")) == nil)
    }
}
