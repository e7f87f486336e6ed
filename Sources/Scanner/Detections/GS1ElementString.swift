/// GS1 data parsed into its Application Identifiers and values: what a
/// GS1-128, GS1 DataBar, GS1 DataMatrix or GS1 QR symbol carries.
///
/// The transmitted form is the element strings back to back, each field
/// that has no predefined length ended by a group separator (GS, 0x1D: the
/// symbol's FNC1) unless it is last. The human-readable form puts each AI
/// in parentheses: `(01)09501101530003(17)250101(10)AB-123`.
public struct GS1ElementString: Sendable, Hashable {
    /// One Application Identifier with its value.
    public struct Element: Sendable, Hashable {
        /// The AI as printed, e.g. `01` or `3103`.
        public let ai: String
        public let value: String
        public let definition: ApplicationIdentifier

        /// For a measure or amount with a decimal point indicator, the value
        /// with its decimals placed: `3103 000750` is 0.750.
        public var amount: DecimalAmount? {
            guard definition.hasDecimalPointIndicator, let decimals = ai.last?.wholeNumberValue else { return nil }
            // AIs 391n and 393n begin with an ISO 4217 currency code.
            let digits = definition.code == "391" || definition.code == "393" ? value.dropFirst(3) : Substring(value)
            return DecimalAmount(digits: digits, decimals: decimals)
        }

        /// For a date field, its year (two digits, as GS1 encodes it), month
        /// and day; a day of 0 means the month's last day.
        public var date: (year: Int, month: Int, day: Int)? {
            guard definition.isDate, value.count == 6, let number = Int(value) else { return nil }
            return (number / 10000, number / 100 % 100, number % 100)
        }
    }

    public let elements: [Element]

    /// The value of the first element with exactly this AI.
    public subscript(ai: String) -> String? {
        elements.first { $0.ai == ai }?.value
    }

    /// AI (01), the trade item's GTIN-14.
    public var gtin: String? { self["01"] }
    /// AI (10).
    public var batch: String? { self["10"] }
    /// AI (21).
    public var serial: String? { self["21"] }
    /// AI (17), the expiry date as YYMMDD.
    public var expiry: String? { self["17"] }
    /// AI (15), the best-before date as YYMMDD.
    public var bestBefore: String? { self["15"] }
    /// AI (310n), the net weight in kilograms.
    public var netWeightKilograms: DecimalAmount? { amount(family: "310") }
    /// AI (320n), the net weight in pounds.
    public var netWeightPounds: DecimalAmount? { amount(family: "320") }
    /// AI (392n), the price to pay in the local currency.
    public var price: DecimalAmount? { amount(family: "392") }
    /// AI (30) or (37): a count of items.
    public var count: Int? { (self["30"] ?? self["37"]).flatMap { Int($0) } }

    private func amount(family: String) -> DecimalAmount? {
        elements.first { $0.definition.code == family }?.amount
    }

    /// The human-readable interpretation: `(01)09501101530003(10)AB-123`.
    public var humanReadable: String {
        elements.map { "(\($0.ai))\($0.value)" }.joined()
    }

    /// The transmitted form: fields back to back, GS after each field
    /// without a predefined length unless it is last.
    public var transmitted: [UInt8] {
        var bytes: [UInt8] = []
        for (index, element) in elements.enumerated() {
            bytes += Array((element.ai + element.value).utf8)
            if index < elements.count - 1, !element.definition.hasPredefinedLength { bytes.append(Self.separator) }
        }
        return bytes
    }

    /// The group separator that stands for FNC1 inside the data.
    public static let separator: UInt8 = 0x1D

    /// Parses the transmitted form (as a symbol carries it, after its
    /// symbology identifier). Any deviation from the AI table is an error.
    public static func parse(_ bytes: [UInt8]) -> Result<GS1ElementString, GS1ParseError> {
        let data = Array(bytes)
        guard !data.isEmpty else { return .failure(.empty) }
        var elements: [Element] = []
        var index = 0
        while index < data.count {
            let head = String(decoding: data[index..<min(index + 4, data.count)].prefix { $0 != separator }, as: UTF8.self)
            guard let definition = ApplicationIdentifier.lookUp(head), head.count >= definition.aiLength,
                  head.prefix(definition.aiLength).allSatisfy(\.isASCIIDigit)
            else { return .failure(.unknownAI(head, offset: index)) }
            let ai = String(head.prefix(definition.aiLength))
            index += definition.aiLength
            let end = data[index...].firstIndex(of: separator) ?? data.count
            let value: String
            switch definition.length {
            case .fixed(let length):
                guard end - index >= length else { return .failure(.tooShort(ai: ai, expected: length, found: end - index)) }
                value = String(decoding: data[index..<index + length], as: UTF8.self)
                index += length
                // A separator after a fixed field is redundant but allowed.
                if index < data.count, data[index] == separator { index += 1 }
            case .variable(let maximum):
                guard end > index else { return .failure(.emptyField(ai: ai)) }
                guard end - index <= maximum else { return .failure(.tooLong(ai: ai, maximum: maximum, found: end - index)) }
                value = String(decoding: data[index..<end], as: UTF8.self)
                index = min(end + 1, data.count)
            }
            let element = Element(ai: ai, value: value, definition: definition)
            if let problem = validate(element) { return .failure(problem) }
            elements.append(element)
        }
        return .success(GS1ElementString(elements: elements))
    }

    /// Parses the human-readable form, `(01)09501101530003(10)AB-123`, as
    /// some readers report it: each value runs to the next `(AI)`.
    public static func parse(humanReadable text: String) -> Result<GS1ElementString, GS1ParseError> {
        var transmitted: [UInt8] = []
        var rest = Substring(text)
        guard rest.hasPrefix("(") else { return .failure(.notElementStrings(text)) }
        while !rest.isEmpty {
            guard rest.hasPrefix("("), let close = rest.firstIndex(of: ")") else { return .failure(.notElementStrings(text)) }
            let ai = rest[rest.index(after: rest.startIndex)..<close]
            guard (2...4).contains(ai.count), ai.allSatisfy(\.isASCIIDigit) else { return .failure(.notElementStrings(text)) }
            rest = rest[rest.index(after: close)...]
            let next = nextAIStart(in: rest)
            if !transmitted.isEmpty { transmitted.append(separator) }
            transmitted += Array((ai + rest[..<next]).utf8)
            rest = rest[next...]
        }
        // Separators after every field are allowed; re-encode canonically.
        return parse(transmitted).map { $0 }
    }

    /// Where the next `(NN)`...`(NNNN)` begins, or the end.
    private static func nextAIStart(in text: Substring) -> Substring.Index {
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "(") {
            let after = text[text.index(after: open)...]
            let digits = after.prefix { $0.isASCIIDigit }
            if (2...4).contains(digits.count), after.dropFirst(digits.count).hasPrefix(")"),
               ApplicationIdentifier.lookUp(digits) != nil {
                return open
            }
            index = text.index(after: open)
        }
        return text.endIndex
    }

    private static func validate(_ element: Element) -> GS1ParseError? {
        let (ai, value, definition) = (element.ai, element.value, element.definition)
        switch definition.content {
        case .numeric:
            guard value.allSatisfy(\.isASCIIDigit) else { return .notNumeric(ai: ai, value: value) }
        case .alphanumeric:
            guard value.unicodeScalars.allSatisfy(isInCharacterSet82) else { return .invalidCharacter(ai: ai, value: value) }
        }
        if definition.hasCheckDigit, !GTIN.hasValidCheckDigit(value) { return .badCheckDigit(ai: ai, value: value) }
        if definition.isDate, !isDate(value) { return .invalidDate(ai: ai, value: value) }
        return nil
    }

    /// GS1's AI encodable character set 82 (figure 7.11-1).
    private static func isInCharacterSet82(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9": true
        default: "!\"%&'()*+,-./:;<=>?_".unicodeScalars.contains(scalar)
        }
    }

    /// YYMMDD with a real month and a day that month has; day 00 stands for
    /// the month's last day (section 7.12).
    private static func isDate(_ value: String) -> Bool {
        guard value.count == 6, let number = Int(value) else { return false }
        let (month, day) = (number / 100 % 100, number % 100)
        let days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && day <= days[month - 1]
    }
}
