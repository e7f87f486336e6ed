/// A GS1 Application Identifier: the prefix that says what the data after it
/// means, and the format that data must have.
///
/// The table follows the GS1 General Specifications (section 3.2, "GS1
/// Application Identifiers in numerical order"). It holds the identifiers a
/// store or a warehouse meets; an identifier outside it is reported as
/// unknown, never guessed.
public struct ApplicationIdentifier: Sendable, Hashable {
    /// How long the data field is.
    public enum Length: Sendable, Hashable {
        /// Exactly this many characters.
        case fixed(Int)
        /// Up to this many, ended by a group separator (FNC1) unless last.
        case variable(max: Int)
    }

    /// Which characters the data field may hold.
    public enum Content: Sendable, Hashable {
        /// Digits only.
        case numeric
        /// GS1's 82-character set (section 7.11, figure 7.11-1).
        case alphanumeric
    }

    /// The AI as printed: `01`, `17`, `3103`. For an AI with a decimal point
    /// indicator this is the family's three digits (`310`).
    public let code: String
    /// GS1's data title, such as `GTIN` or `NET WEIGHT (kg)`.
    public let title: String
    public let length: Length
    public let content: Content
    /// The last digit is a GS1 mod-10 check digit (GTIN, SSCC, GLN).
    public let hasCheckDigit: Bool
    /// The field is a date, YYMMDD.
    public let isDate: Bool
    /// The AI's fourth digit is the number of decimals in its value
    /// (`3103 000750` is 0.750 kg).
    public let hasDecimalPointIndicator: Bool
    /// The unit of a measure or `nil`; a currency for amounts is implied.
    public let unit: String?

    /// The number of digits of the AI itself.
    public var aiLength: Int { hasDecimalPointIndicator ? 4 : code.count }

    /// Whether GS1 lets this field end without a separator: the AIs whose
    /// first two digits are in the table of predefined lengths (figure
    /// 7.8.5-2). Every other field is followed by FNC1 unless it is last.
    public var hasPredefinedLength: Bool {
        Self.predefinedLengthPrefixes.contains(String(code.prefix(2)))
    }

    private static let predefinedLengthPrefixes: Set<String> = [
        "00", "01", "02", "03", "04", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20",
        "31", "32", "33", "34", "35", "36", "41",
    ]

    /// The identifier whose code starts `digits`, if any; AIs are prefix-free.
    public static func lookUp(_ digits: some StringProtocol) -> ApplicationIdentifier? {
        for length in 2...4 where digits.count >= length {
            if let found = table[String(digits.prefix(length))] { return found }
        }
        return nil
    }

    private init(
        _ code: String, _ title: String, _ length: Length, _ content: Content = .numeric,
        check: Bool = false, date: Bool = false, decimals: Bool = false, unit: String? = nil
    ) {
        self.code = code
        self.title = title
        self.length = length
        self.content = content
        hasCheckDigit = check
        isDate = date
        hasDecimalPointIndicator = decimals
        self.unit = unit
    }

    static let table: [String: ApplicationIdentifier] = {
        let x = Content.alphanumeric
        var list: [ApplicationIdentifier] = [
            .init("00", "SSCC", .fixed(18), check: true),
            .init("01", "GTIN", .fixed(14), check: true),
            .init("02", "CONTENT", .fixed(14), check: true),
            .init("10", "BATCH/LOT", .variable(max: 20), x),
            .init("11", "PROD DATE", .fixed(6), date: true),
            .init("12", "DUE DATE", .fixed(6), date: true),
            .init("13", "PACK DATE", .fixed(6), date: true),
            .init("15", "BEST BEFORE or BEST BY", .fixed(6), date: true),
            .init("16", "SELL BY", .fixed(6), date: true),
            .init("17", "USE BY or EXPIRY", .fixed(6), date: true),
            .init("20", "VARIANT", .fixed(2)),
            .init("21", "SERIAL", .variable(max: 20), x),
            .init("22", "CPV", .variable(max: 20), x),
            .init("235", "TPX", .variable(max: 28), x),
            .init("240", "ADDITIONAL ID", .variable(max: 30), x),
            .init("241", "CUST. PART No.", .variable(max: 30), x),
            .init("242", "MTO VARIANT", .variable(max: 6)),
            .init("243", "PCN", .variable(max: 20), x),
            .init("250", "SECONDARY SERIAL", .variable(max: 30), x),
            .init("251", "REF. TO SOURCE", .variable(max: 30), x),
            .init("253", "GDTI", .variable(max: 30), x),
            .init("254", "GLN EXTENSION COMPONENT", .variable(max: 20), x),
            .init("255", "GCN", .variable(max: 25)),
            .init("30", "VAR. COUNT", .variable(max: 8)),
            .init("37", "COUNT", .variable(max: 8)),
            .init("390", "AMOUNT", .variable(max: 15), decimals: true),
            .init("391", "AMOUNT (ISO currency)", .variable(max: 18), decimals: true),
            .init("392", "PRICE", .variable(max: 15), decimals: true),
            .init("393", "PRICE (ISO currency)", .variable(max: 18), decimals: true),
            .init("394", "PRCNT OFF", .fixed(4), decimals: true),
            .init("400", "ORDER NUMBER", .variable(max: 30), x),
            .init("401", "GINC", .variable(max: 30), x),
            .init("402", "GSIN", .fixed(17), check: true),
            .init("403", "ROUTE", .variable(max: 30), x),
            .init("410", "SHIP TO LOC", .fixed(13), check: true),
            .init("411", "BILL TO", .fixed(13), check: true),
            .init("412", "PURCHASE FROM", .fixed(13), check: true),
            .init("413", "SHIP FOR LOC", .fixed(13), check: true),
            .init("414", "LOC No.", .fixed(13), check: true),
            .init("415", "PAY TO", .fixed(13), check: true),
            .init("416", "PROD/SERV LOC", .fixed(13), check: true),
            .init("417", "PARTY", .fixed(13), check: true),
            .init("420", "SHIP TO POST", .variable(max: 20), x),
            .init("421", "SHIP TO POST (ISO country)", .variable(max: 12), x),
            .init("422", "ORIGIN", .fixed(3)),
            .init("423", "COUNTRY - INITIAL PROCESS", .variable(max: 15)),
            .init("424", "COUNTRY - PROCESS", .fixed(3)),
            .init("425", "COUNTRY - DISASSEMBLY", .variable(max: 15)),
            .init("426", "COUNTRY - FULL PROCESS", .fixed(3)),
            .init("7001", "NSN", .fixed(13)),
            .init("7002", "MEAT CUT", .variable(max: 30), x),
            .init("7003", "EXPIRY TIME", .fixed(10)),
            .init("8004", "GIAI", .variable(max: 30), x),
            .init("8005", "PRICE PER UNIT", .fixed(6)),
            .init("8006", "ITIP", .fixed(18)),
            .init("8018", "GSRN - RECIPIENT", .fixed(18), check: true),
            .init("8020", "REF No.", .variable(max: 25), x),
            .init("90", "INTERNAL", .variable(max: 30), x),
        ]
        list += (91...99).map { .init(String($0), "INTERNAL", .variable(max: 90), x) }
        // Trade measures, six digits each: the fourth AI digit places the decimal point.
        let measures: [(String, String, String)] = [
            ("310", "NET WEIGHT (kg)", "kg"), ("311", "LENGTH (m)", "m"), ("312", "WIDTH (m)", "m"),
            ("313", "HEIGHT (m)", "m"), ("314", "AREA (m²)", "m²"), ("315", "NET VOLUME (l)", "l"),
            ("316", "NET VOLUME (m³)", "m³"), ("320", "NET WEIGHT (lb)", "lb"), ("321", "LENGTH (in)", "in"),
            ("322", "LENGTH (ft)", "ft"), ("323", "LENGTH (yd)", "yd"), ("324", "WIDTH (in)", "in"),
            ("330", "GROSS WEIGHT (kg)", "kg"), ("331", "LENGTH (m), log", "m"),
            ("340", "GROSS WEIGHT (lb)", "lb"), ("350", "AREA (in²)", "in²"),
            ("356", "NET WEIGHT (t oz)", "t oz"), ("357", "NET VOLUME (oz)", "oz"),
            ("360", "NET VOLUME (qt)", "qt"), ("361", "NET VOLUME (gal.)", "gal"),
        ]
        list += measures.map { .init($0.0, $0.1, .fixed(6), decimals: true, unit: $0.2) }
        return Dictionary(uniqueKeysWithValues: list.map { ($0.code, $0) })
    }()
}
