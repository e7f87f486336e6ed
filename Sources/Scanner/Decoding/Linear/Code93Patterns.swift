/// The 48 Code 93 characters (AIM USS-93), as module widths (bar, space, bar,
/// space, bar, space; 9 modules each). Values 0-42 are `0-9 A-Z - . space $ / + %`,
/// 43-46 the shift characters ($) (%) (/) (+), 47 the start/stop character.
enum Code93Patterns {
    static let shiftDollar = 43, shiftPercent = 44, shiftSlash = 45, shiftPlus = 46, startStop = 47

    /// The character each data value draws (values 0-42).
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%".utf8)
    /// The Code 39 full ASCII shift each shift character stands for, ($) (%) (/) (+) in order.
    static let shiftCharacters = Array("$%/+".utf8)

    static let widths: [String] = [
        "131112", "111213", "111312", "111411", "121113", "121212", "121311", "111114", "131211", "141111", // 0-9
        "211113", "211212", "211311", "221112", "221211", "231111", "112113", "112212", "112311", "122112", // A-J
        "132111", "111123", "111222", "111321", "121122", "131121", "212112", "212211", "211122", "211221", // K-T
        "221121", "222111", "112122", "112221", "122121", "123111", "121131", "311112", "311211", "321111", // U-Z - . space $
        "112131", "113121", "211131", "121221", "312111", "311121", "122211", "111141",                     // / + % ($) (%) (/) (+) *
    ]

    static let set = WidthPatternSet(
        patterns: widths.map { $0.utf8.map { $0 - UInt8(ascii: "0") } },
        modulesPerCharacter: 9)
}
