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
        --record FILE.y4m      also record every captured frame, to replay with --input;
                               created once frames arrive, and never over an existing
                               file unless --force is given
        --input FILE           replay a .y4m (4:2:0 or mono) or MJPEG recording instead
                               (- or a FIFO: a live stream, e.g. from ffmpeg)
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
      JSON events carry "event" (appeared, left, camera-lost, camera-restored), "frame",
      "timestamp" (capture time, s) and "latency_ms" (decode time).

    COMPARISONS
        --engine zbar|zxing    one engine alone, one pass at its library's defaults
                               (zxing then runs its 1D readers, which can abort on
                               some images: give it one file per process)

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
