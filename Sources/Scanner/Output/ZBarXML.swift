/// `zbarimg --xml`'s document, for scripts that parse it: a `barcodes`
/// element in zbar's namespace, a `source` for each file, an `index` for
/// each of its pages (from 0) that holds a symbol, and a `symbol` for each,
/// with the payload in CDATA, or in base64 where zbar would put it so.
///
/// Symbologies zbar does not read (Aztec, Data Matrix, MaxiCode) carry the
/// names text output prints, which zbar's schema does not list.
public enum ZBarXML {
    /// The document's first line, as zbarimg writes it.
    public static let start = "<barcodes xmlns='http://zbar.sourceforge.net/2008/barcode'>\n"
    public static let end = "</barcodes>\n"

    public static func sourceStart(_ path: String) -> String { "<source href='\(escaped(path))'>\n" }
    public static let sourceEnd = "</source>\n"
    public static func indexStart(_ number: Int) -> String { "<index num='\(number)'>\n" }
    public static let indexEnd = "</index>\n"

    /// The page index zbarimg gives a page: 0 for a file of one picture,
    /// N - 1 for `page=N` or `frame=N`.
    public static func index(ofFragment fragment: String?) -> Int {
        guard let fragment, let equals = fragment.firstIndex(of: "="), let number = Int(fragment[fragment.index(after: equals)...])
        else { return 0 }
        return number - 1
    }

    /// One `symbol` element, newline included.
    static func symbol(_ detection: Detection) -> String {
        let data = Array(detection.text.utf8)
        // zbar's quality counts the scan lines that read a 1D code, and is 1
        // for a matrix; the reads that agree are the nearest measure.
        let quality = detection.symbology.isLinear ? detection.evidence : 1
        var element = "<symbol type='\(escaped(detection.symbology.label))' quality='\(quality)'"
            + " orientation='\(orientation(detection.corners))'"
        if detection.isGS1 { element += " modifiers='GS1'" }
        if detection.symbology.isEANUPC { element += " configs='EMIT_CHECK'" }
        if isBinary(data) {
            element += "><data format='base64' length='\(data.count)'><![CDATA[\n\(wrapped(Base64.encode(data)))]]></data>"
        } else {
            element += "><data><![CDATA[\(detection.text)]]></data>"
        }
        return element + "</symbol>\n"
    }

    /// Base64 as zbar lays it out: a newline after each 76 characters,
    /// and one at the end (two after a last full line).
    private static func wrapped(_ base64: String) -> String {
        var text = Substring(base64), result = ""
        while text.count >= 76 {
            result += text.prefix(76) + "\n"
            text = text.dropFirst(76)
        }
        return result + text + "\n"
    }

    /// zbar's rule for data that cannot sit in CDATA as it is, on its bytes:
    /// a byte-order mark or an XML declaration first, a control character
    /// other than tab, newline and return, a byte 0x7F to 0x9F, or `]]>`.
    private static func isBinary(_ data: [UInt8]) -> Bool {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) || data.starts(with: Array("<?xml".utf8)) { return true }
        return data.indices.contains { index in
            let byte = data[index]
            return (byte < 0x20 && ![0x09, 0x0A, 0x0D].contains(byte)) || (0x7F..<0xA0).contains(byte)
                || (byte == UInt8(ascii: "]") && data[index...].starts(with: Array("]]>".utf8)))
        }
    }

    /// Which way the symbol's top edge (its first two corners, clockwise
    /// from its top-left) points, as zbar names it: UP when upright.
    private static func orientation(_ corners: [Point]) -> String {
        guard corners.count >= 2 else { return "UNKNOWN" }
        let dx = corners[1].x - corners[0].x, dy = corners[1].y - corners[0].y
        if dx == 0 && dy == 0 { return "UNKNOWN" }
        if abs(dx) >= abs(dy) { return dx > 0 ? "UP" : "DOWN" }
        return dy > 0 ? "RIGHT" : "LEFT"
    }

    /// The characters an attribute in single quotes cannot hold as they are.
    private static let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&apos;", "\"": "&quot;"]

    /// `text` fit for an attribute in single quotes.
    private static func escaped(_ text: String) -> String {
        text.map { entities[$0] ?? String($0) }.joined()
    }
}
