/// The text of `scan --help`: what the command does, with examples first,
/// then every option of `OptionTable`.
enum Help {
    static let version = "scan 0.1.0"

    /// What the command does, with examples first: the top of `--help`
    /// and the man page's description.
    static let introduction = """
    USAGE: scan [OPTIONS] [PATH ...]

    Reads barcodes and QR codes from image files, or continuously from a camera.

    With PATHs, scans still images: files (PNG, JPEG, WebP, TIFF, GIF, BMP, PDF, PBM/PGM/PPM,
    told apart by content), directories (recursively, in sorted order), or - for an image
    on standard input. One line is printed per symbol found, as zbarimg does, led by the
    file's name when there are several inputs, as grep does:

        $ scan shelf.jpg
        EAN-13:4006381333931
        $ scan shelf.jpg scans/letter.pdf
        shelf.jpg:EAN-13:4006381333931
        scans/letter.pdf#page=3:QR-Code:INVOICE-2041
        $ find archive -name '*.tif' -print0 | scan --files-from - --null --format json
        {"source":"archive/a.tif#page=2","symbology":"qr","text":"...","corners":[[x,y],...],...}
        {"source":"archive/b.tif","status":"no-code"}

    Without PATHs, scans the first camera continuously and prints each new code once,
    as it comes into view; stop with Ctrl-C:

        $ scan
        EAN-13:5012345678900
        $ scan --device /dev/video2 --size 1280x720 --roi 0.25,0.25,0.5,0.5 --format json
        $ scan --input Samples/checkout.mjpeg     # replay a recording, no camera needed
    """

    static var text: String {
        ([introduction] + OptionTable.sections.map(render)).joined(separator: "\n\n")
    }

    /// The options' column: four spaces, the synopsis, and the help text
    /// from column 27, or on the next line when the synopsis is longer.
    private static func render(_ section: OptionTable.Section) -> String {
        var lines = [section.title]
        for entry in section.entries {
            let synopsis = "    " + entry.options.map(\.synopsis).joined(separator: ", ")
            let indent = String(repeating: " ", count: 27)
            let text = entry.help
            var help = text.map { indent + $0 }
            if synopsis.count < 27, !help.isEmpty {
                help[0] = synopsis + String(repeating: " ", count: 27 - synopsis.count) + text[0]
            } else {
                lines.append(synopsis)
            }
            lines += help
        }
        if !section.notes.isEmpty { lines.append(section.notes) }
        return lines.joined(separator: "\n")
    }
}
