/// The text of `scan --help`: what the command does, with examples first.
enum Help {
    static let version = "scan 0.1.0"

    static let text = """
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
        {"source":"archive/a.tif#page=2","symbology":"qr","text":"...","bytes":"...","corners":[[x,y],...]}
        {"source":"archive/b.tif","status":"no-code"}

    Without PATHs, scans the first camera continuously and prints each new code once,
    as it comes into view; stop with Ctrl-C:

        $ scan
        EAN-13:5012345678900
        $ scan --device /dev/video2 --size 1280x720 --roi 0.25,0.25,0.5,0.5 --format json
        $ scan --input Samples/checkout.mjpeg     # replay a recording, no camera needed

    SYMBOLOGIES (--symbologies, default all)
        qr, ean13, ean8, upca, upce, code39, code93, code128   read by zbar
        pdf417, aztec, datamatrix                              read by zxing-cpp
      UPC-A prints as its 12 digits and UPC-E as its 8; JSON adds "gtin", the 13-digit form.

    FILES
        --files-from LIST      also scan the paths in LIST (- for standard input), one a
                               line, read as they are scanned; an entry is a file, never
                               walked as a directory
        --null                 LIST entries end with NUL, not newline (find -print0)
        --all-frames           every frame of an animated GIF, as FILE#frame=N
        --pdf-dpi N            render PDF pages at N dots per inch (default 200)
      A TIFF or PDF of several pages gives each page as FILE#page=N.

    OUTPUT
        --format text|json     text: SYMBOLOGY:payload, control characters escaped (default)
                               json: JSON Lines with source, symbology, text, bytes (base64),
                               corners (4 points, clockwise from the symbol's top-left), gtin;
                               and one {"source","status":"no-code"} or
                               {"source","status":"error","error"} record for each file or
                               page that gave no symbol or could not be read
        -H, --with-filename    lead text lines with the source, FILE:SYMBOLOGY:payload
                               (default with several PATHs, a directory or --files-from)
        --no-filename          never, as zbarimg prints
        --json                 the same as --format json
        --raw                  the payload bytes only, unescaped
        -q, --quiet            no messages on standard error; errors still set the exit status
        --annotate DIR         also write each image (each page) as DIR/NAME.annotated.png:
                               the image in grey with every symbol's outline and a label
                               (symbology: payload) in green, and the --roi rectangle in
                               blue; DIR is created if needed

    DECODING
        -S, --symbologies LIST comma-separated, e.g. qr,ean13 (only their decoders run)
        --roi X,Y,W,H          decode only this part of each image, as fractions of its
                               width and height from the top-left, e.g. 0.25,0.25,0.5,0.5;
                               corners are still reported in full-image pixels
        --second-opinion       have zxing's 1D readers re-read EAN/UPC codes that zbar
                               found, and trust zxing where they disagree (each check
                               runs in a child process, as zxing 1.4 can abort)
        --effort LEVEL         fast: one pass; normal: a few second chances;
                               thorough: every second chance (inverted, rescaled,
                               contrast-stretched). Default: thorough for files

    CAMERA
        -d, --device PATH|N    the camera to use (default: the first capture device)
        --list-devices         list capture devices with their driver, card and bus
        --list-formats         list the camera's pixel formats, sizes and frame rates
        --list-controls        list the camera's controls with ranges and current values
        --size WxH, --fps N    request a size and frame rate (default: the largest size
                               up to 1280x720 at 30 fps or more)
        --pixel-format FOURCC  request a pixel format, e.g. YUYV or MJPG (default: the
                               cheapest route to luma: GREY, NV12, YU12, YUYV, MJPG, RGB)
        --control NAME=VALUE   set a V4L2 control by name, e.g. focus_automatic_continuous=0
                               (repeatable; an unsupported control is reported and skipped)
        --focus auto|N, --exposure auto|N, --gain N, --zoom N, --torch on|off
                               AVFoundation-style conveniences; without a zoom control,
                               --zoom crops the centre digitally
        --oneshot              exit after the first code
        --record FILE.y4m      also record every captured frame, to replay with --input
        --input FILE           replay a .y4m (4:2:0 or mono) or MJPEG recording instead
        --fast                 replay as fast as possible instead of at the recorded rate
        Camera scanning defaults to --effort fast: the next frame is the second chance.

    CHECKOUT (how sightings become reports)
        --dedup POLICY         once-per-presentation (default): report an item when it
                                 appears, again only after it was out of view for --rearm-ms
                               window: the same payload at most once per --dedup-ms
                               every-frame: every read (diagnostics)
                               once: each payload once per run
        --rearm-ms N           default 500
        --dedup-ms N           default 1000
        --confirm N            frames a 1D code must be read in before it is reported
                               (default 2; 2D codes, which carry error correction: 1)
        --left                 also report items leaving view (JSON "event":"left")
        --beep                 ring the terminal bell for each new item
      EAN/UPC reads whose check digit fails are never reported.
      JSON events carry "event" (appeared, left, camera-lost, camera-restored); appeared
      and left add "track" (one id per presentation), "frame" and "timestamp" (capture
      time, s); appeared adds "latency_ms" (decode time), left "duration_ms".

    COMPARISONS
        --engine zbar|zxing    one engine alone, one pass at its library's defaults
                               (zxing then runs its 1D readers, which can abort on
                               some images: give it one file per process)

    EXIT STATUS
        0  every input was read and at least one symbol was found
        4  every input was read and nothing was found (as zbarimg)
        1  some input (a file or a page) could not be read; the others were still
           scanned and printed (as grep's 2)
        2  the command line is wrong, or the --files-from list cannot be read
      A camera or --input run exits 0 when it reported a code, 4 when it did not, and
      1 when the camera or recording failed before any code.

    OTHER
        -h, --help             this text
        --version              the version
    """
}
