/// The text of `scan --help`: what the command does, with examples first.
enum Help {
    static let version = "scan 0.1.0"

    static let text = """
    USAGE: scan [OPTIONS] [PATH ...]

    Reads barcodes and QR codes from image files, or continuously from a camera.

    With PATHs, scans still images: files (PNG, JPEG, WebP, PGM/PPM), directories
    (recursively, in sorted order), or - for an image on standard input. One line is
    printed per symbol found, as zbarimg does:

        $ scan shelf.jpg
        EAN-13:4006381333931
        $ scan --format json receipts/
        {"source":"receipts/a.png","symbology":"qr","text":"...","bytes":"...","corners":[[x,y],...]}

    Without PATHs, scans the first camera and prints each new code once.

    SYMBOLOGIES (--symbologies, default all)
        qr, ean13, ean8, upca, upce, code39, code93, code128   read by zbar
        pdf417, aztec, datamatrix                              read by zxing-cpp
      UPC-A prints as its 12 digits and UPC-E as its 8; JSON adds "gtin", the 13-digit form.

    OUTPUT
        --format text|json     text: SYMBOLOGY:payload, control characters escaped (default)
                               json: JSON Lines with source, symbology, text, bytes (base64),
                               corners (4 points, clockwise from the symbol's top-left), gtin
        --json                 the same as --format json
        --raw                  the payload bytes only, unescaped
        -q, --quiet            no messages on standard error; errors still set the exit status

    DECODING
        -S, --symbologies LIST comma-separated, e.g. qr,ean13 (only their decoders run)
        --roi X,Y,W,H          decode only this part of each image, as fractions of its
                               width and height from the top-left, e.g. 0.25,0.25,0.5,0.5;
                               corners are still reported in full-image pixels
        --effort LEVEL         fast: one pass; normal: a few second chances;
                               thorough: every second chance (inverted, rescaled,
                               contrast-stretched). Default: thorough for files

    EXIT STATUS
        0  at least one symbol was found
        4  nothing was found (as zbarimg)
        1  nothing was found and some input could not be read
        2  the command line is wrong

    OTHER
        -h, --help             this text
        --version              the version
    """
}
