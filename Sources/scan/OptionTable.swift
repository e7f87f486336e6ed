import Scanner
import ScanKeyboard
import ScanDelivery

/// Every option `scan` takes, declared once, with the modes that take it
/// and where it writes in each one's options: the parser, `--help`, the man
/// page, the bash completion (which reads `--help`) and the configuration
/// file all come from this table, so they cannot drift apart, and a mode's
/// code holds only the options it takes.
enum OptionTable {
    /// What an option does to one mode's options with its value ("" for a flag).
    typealias Setter<Options> = @Sendable (inout Options, String) throws -> Void

    /// What an option does to each mode's options: nil where the mode does not take it.
    struct Setters: Sendable {
        var files: Setter<FileOptions>?
        var camera: Setter<CameraOptions>?
        var listing: Setter<ListingOptions>?

        func takes(_ mode: Mode) -> Bool {
            switch mode {
            case .files: files != nil
            case .camera: camera != nil
            case .listing: listing != nil
            }
        }
    }

    /// Where an option writes in the options of each mode that takes it:
    /// the part that holds it (the whole, or a part the modes share); a mode
    /// without one does not take the option.
    struct Target<Part>: Sendable {
        var files: (WritableKeyPath<FileOptions, Part> & Sendable)?
        var camera: (WritableKeyPath<CameraOptions, Part> & Sendable)?
        var listing: (WritableKeyPath<ListingOptions, Part> & Sendable)?
    }

    /// One option: its names, the placeholder of its value (nil for a
    /// flag), and what giving it does.
    struct Option: Sendable {
        let names: [String]
        let value: String?
        let effect: Effect
        /// The mode that giving it chooses, over what the PATHs would.
        let selects: Mode?
        /// What a mode that does not take it says, where that has a better
        /// word than naming the modes that do.
        let refusals: [Mode: String]

        enum Effect: Sendable {
            /// Sets something in the options of the modes that take it.
            case sets(Setters)
            /// Shows a text instead of running a mode.
            case shows(Invocation.Page)
            /// Reads more options from the file its value names (`--config`).
            case includes
        }

        init(_ names: String..., value: String? = nil, effect: Effect) {
            self.names = names
            self.value = value
            self.effect = effect
            selects = nil
            refusals = [:]
        }

        /// An option the modes of `target` take, applying its value to their part with `apply`.
        init<Part>(
            _ names: String..., value: String? = nil, into target: Target<Part>, selects: Mode? = nil,
            refusals: [Mode: String] = [:], apply: @escaping Setter<Part>
        ) {
            self.names = names
            self.value = value
            effect = .sets(Setters(
                files: Self.setter(target.files, apply), camera: Self.setter(target.camera, apply),
                listing: Self.setter(target.listing, apply)))
            self.selects = selects
            self.refusals = refusals
        }

        private static func setter<Options, Part>(
            _ path: (WritableKeyPath<Options, Part> & Sendable)?, _ apply: @escaping Setter<Part>
        ) -> Setter<Options>? {
            guard let path else { return nil }
            return { options, text in try apply(&options[keyPath: path], text) }
        }

        /// `-S, --symbologies LIST`.
        var synopsis: String { names.joined(separator: ", ") + (value.map { " " + $0 } ?? "") }

        /// Whether `mode` takes this option; `--help` and `--config` stand outside the modes.
        func takes(_ mode: Mode) -> Bool {
            guard case .sets(let setters) = effect else { return false }
            return setters.takes(mode)
        }

        /// Why `mode` refuses this option, given as `name`.
        func refusal(as name: String, in mode: Mode) -> String {
            refusals[mode] ?? "\(name) is not for \(mode.description): it is for "
                + Mode.allCases.filter(takes).map(\.description).joined(separator: " or ")
        }
    }

    /// One entry of the help: one or more options sharing a description,
    /// written as lines of at most 80 columns with the options' column.
    struct Entry: Sendable {
        let options: [Option]
        /// Split into lines only when help or the man page is shown: every
        /// run builds the table, and splitting all of it was a tenth of
        /// reading one small image.
        private let text: String

        init(_ options: Option..., help: String) {
            self.options = options
            text = help
        }

        var help: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A heading of the help and the man page, with its entries and notes
    /// (verbatim lines, already indented as `--help` shows them).
    struct Section: Sendable {
        let title: String
        var entries: [Entry] = []
        var notes: String = ""
    }

    static let sections: [Section] = [
        Section(title: "SYMBOLOGIES (--symbologies, default all: every one but the add-ons)", notes: """
                ean13, ean8, upca, upce, code39, code93, code128,      read by native, zbar
                codabar, itf (Interleaved 2 of 5, ITF-14), databar
                databar-expanded, databar-limited, telepen,            read by native
                dxfilmedge (DX Film Edge, on 35 mm film)
                qr                                                     read by native, zxing-cpp, zbar
                microqr, rmqr                                          read by native
                pdf417, aztec, datamatrix, maxicode                    read by native, zxing-cpp
                micropdf417                                            read by native
                ean2, ean5             add-ons, off unless named with their main code (e.g.
                                       all,ean5 or ean13,ean5): reported with their EAN-13/UPC,
                                       in JSON as "add_on"
              A GS1 Composite's 2D part (CC-A, CC-B or CC-C) is read above its EAN/UPC,
              GS1-128 or DataBar and reported as that code, its GS1 data joined: JSON
              "composite".
              JSON's "engine" names the engine whose read is reported: native (this project's
              own decoders, zbar the witness of a 1D read on a single line), zbar or zxing.
              Names ignore case, - and _ (EAN-13, data_matrix); also accepted: qrcode, ean (ean13),
              upc (upca), pdf, micropdf, dm, i25, interleaved2of5, itf14, rss14, databaromni,
              databarexp, rssexpanded, databarltd, rsslimited, microqrcode, mqr, rmqrcode, maxi,
              dx, dxfilm.
              UPC-A prints as its 12 digits and UPC-E as its 8; JSON adds "gtin", always the
              14-digit GTIN (also for ITF-14 and GS1 data with AI 01). GS1 data prints in its
              human-readable form, (01)09501101530003(10)AB-123.
            """),
        Section(title: "IMAGE FILES", entries: [
            Entry(Option("--files-from", value: "LIST", into: .files, selects: .files) { options, text in options.filesFrom = text }, help: """
                also scan the paths in LIST (- for standard input), one a
                line, read as they are scanned; an entry is a file, never
                walked as a directory
                """),
            Entry(Option("--null", into: .files) { options, _ in options.nullSeparated = true },
                  help: "LIST entries end with NUL, not newline (find -print0)"),
            Entry(Option("--all-frames", into: .files) { options, _ in options.allFrames = true },
                  help: "every frame of an animated GIF, as FILE#frame=N"),
            Entry(Option("--pdf-dpi", value: "N", into: .files) { options, text in
                options.pdfDotsPerInch = try positive("--pdf-dpi", text)
                guard options.pdfDotsPerInch <= 2400 else {
                    throw UsageError(description: "--pdf-dpi must be at most 2400, not \(options.pdfDotsPerInch)")
                }
            }, help: "render PDF pages at N dots per inch (default 200)"),
        ], notes: """
              A TIFF or PDF of several pages gives each page as FILE#page=N: in JSON always, in
              text with -H or several inputs. A single file prints zbarimg's bare lines, as
              zbarimg does for every page; add -H to tell its pages apart.
            """),
        Section(title: "OUTPUT", entries: [
            Entry(Option("--format", value: "text|json|xml", into: .output) { output, text in
                guard let parsed = OutputFormat(rawValue: text), [.text, .json, .xml].contains(parsed) else {
                    throw UsageError(description: "unknown format '\(text)': use text, json or xml (or --raw)")
                }
                output.format = parsed
            }, help: """
                text: SYMBOLOGY:payload, control characters escaped (default)
                json: JSON Lines with source, symbology, text, bytes (base64),
                corners (4 points, clockwise from the symbol's top-left),
                symbology_id (AIM, e.g. ]E0), gtin, isbn (a book's EAN-13:
                isbn13, and isbn10 for 978), add_on, composite (cc-a,
                cc-b, cc-c: a GS1 Composite's 2D part, joined), gs1 (AIs and
                values) and hri, or gs1_error; variable_measure; for a 2D
                code our reader decoded, version (QR 7, M3, R13x77, Aztec C3
                or F12, Data Matrix 24x24), ec_level and mask (QR family),
                mirrored and corrected_codewords; structured_append (count,
                parity, parts: a message split across QR codes is one record
                once every part is read); engine (native, zbar or
                zxing, whose read it is); and
                one {"source","status":"no-code"} or
                {"source","status":"error","error"} record for each file or
                page that gave no symbol or could not be read, and for a
                directory without image files
                """),
            Entry(Option("-H", "--with-filename", into: .files) { options, _ in options.withFilename = true }, help: """
                lead text lines with the source, FILE:SYMBOLOGY:payload
                (default with several PATHs, a directory or --files-from)
                """),
            Entry(Option("--no-filename", into: .files) { options, _ in options.withFilename = false },
                  help: "never, as zbarimg prints"),
            Entry(Option("--json", into: .output) { output, _ in output.format = .json }, help: "the same as --format json"),
            Entry(Option("--xml", into: .files, refusals: [.camera: CameraOptions.xmlRefusal]) { options, _ in options.output.format = .xml }, help: """
                the same as --format xml: zbarimg --xml's document, a
                <source href=FILE> per file, an <index num=N> per page
                (from 0) with a symbol, a <symbol type quality
                orientation> per symbol with its <data>; image files only
                """),
            Entry(Option("--annotate", value: "DIR", into: .files) { options, text in options.annotate = text }, help: """
                also write each image (each page) as DIR/NAME.annotated.png:
                the image in grey with every symbol's outline and a label
                (symbology: payload) in green, and the --roi rectangle in
                blue; DIR is created if needed
                """),
            Entry(Option("--raw", into: .output) { output, _ in output.rawRequested = .raw }, help: """
                the payload only, unescaped, as UTF-8 text (as zbarimg
                --raw): a QR with an ECI (Latin-9, Shift JIS...) is converted
                """),
            Entry(Option("--raw-bytes", into: .output) { output, _ in output.rawRequested = .rawBytes }, help: """
                the payload bytes exactly as the symbol holds them, in the
                ECI's character set or binary (as JSON's "bytes")
                """),
            Entry(Option("-q", "--quiet", into: .quiet) { quiet, _ in quiet = true }, help: """
                no messages on standard error, nor the line a batch ends
                with on a terminal (scanned 41 symbols from 37 images, 3
                without a code, 1 unreadable); errors still set the exit status
                """),
        ]),
        Section(title: "DECODING", entries: [
            Entry(Option("-S", "--symbologies", value: "LIST", into: .decoding) { decoding, text in decoding.symbologies = try Symbology.parseList(text) },
                  help: "comma-separated, e.g. qr,ean13 (only their decoders run)"),
            Entry(Option("--roi", value: "X,Y,W,H", into: .decoding) { decoding, text in decoding.regionOfInterest = try RegionOfInterest(parsing: text) },
                  help: """
                    decode only this part of each image, as fractions of its
                    width and height from the top-left, e.g. 0.25,0.25,0.5,0.5;
                    X+W and Y+H are at most 1; corners are still reported in
                    full-image pixels
                    """),
            Entry(Option("--second-opinion", into: .decoding) { decoding, _ in decoding.secondOpinion = true }, help: """
                have zxing's 1D readers re-read EAN/UPC codes that zbar
                found, and trust zxing where they disagree (each check
                runs in a helper process, as zxing 1.4 can abort)
                """),
            Entry(Option("--itf-min-length", value: "N", into: .decoding) { decoding, text in decoding.minimumITFLength = try positive("--itf-min-length", text) },
                  help: "report Interleaved 2 of 5 of at least N digits (default 6)"),
            Entry(Option("--variable-measure", value: "LIST", into: .output) { output, text in
                do throws(VariableMeasureLayoutError) { output.variableMeasureLayouts = try VariableMeasureLayout.parseList(text) } catch {
                    throw UsageError(description: error.description)
                }
            }, help: """
                take weighed and priced EAN-13s apart in JSON, as
                PREFIXES:LAYOUT,... e.g. 02:us-price,20-29:item5-price5;
                layouts: us-price, item5-price5, item5-weight5
                """),
            Entry(Option("--effort", value: "LEVEL", into: .decoding) { decoding, text in
                guard let parsed = Effort(rawValue: text) else {
                    throw UsageError(description: "unknown effort '\(text)': use fast, normal or thorough")
                }
                decoding.effort = parsed
            }, help: """
                fast: one pass; normal: a few second chances;
                thorough: every second chance (inverted, rescaled,
                contrast-stretched). Default: thorough for files
                """),
            Entry(Option("--timeout", value: "SECONDS", into: .decoding) { decoding, text in
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0.001, seconds <= 86_400 else {
                    throw UsageError(description: "--timeout takes seconds from 0.001 to 86400, such as 2 or 0.5, not '\(text)'")
                }
                decoding.timeout = .milliseconds(Int64((seconds * 1000).rounded()))
            }, help: """
                stop work on an image (or a page) after SECONDS of
                wall-clock time, even inside zbar or zxing, and report it as
                timed out: in JSON a {"source","status":"timeout","error"}
                record after what was found by then, and exit status 1. A
                camera frame that takes this long is dropped. Default: 30
                for files, a last resort only, as the effort's work budget
                bounds each image the same on any machine; none for the camera
                """),
        ]),
        Section(title: "CAMERA", entries: [
            Entry(Option("-d", "--device", value: "PATH|N", into: .device) { device, text in device = text },
                  help: "the camera to use (default: the first capture device)"),
            Entry(Option("--list-devices", into: .listing, selects: .listing) { options, _ in options.listDevices = true },
                  help: "list capture devices with their driver, card and bus"),
            Entry(Option("--list-formats", into: .listing, selects: .listing) { options, _ in options.listFormats = true },
                  help: "list the camera's pixel formats, sizes and frame rates"),
            Entry(Option("--list-controls", into: .listing, selects: .listing) { options, _ in options.listControls = true },
                  help: "list the camera's controls with ranges and current values"),
            Entry(
                Option("--size", value: "WxH", into: .camera) { options, text in
                    let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
                    guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                        throw UsageError(description: "invalid size '\(text)': use WIDTHxHEIGHT, for example 1280x720")
                    }
                    options.size = (parts[0], parts[1])
                },
                Option("--fps", value: "N", into: .camera) { options, text in options.framesPerSecond = try positive("--fps", text) },
                help: """
                    request a size and frame rate (default: the largest size
                    up to 1280x720 at 30 fps or more)
                    """),
            Entry(Option("--pixel-format", value: "FOURCC", into: .camera) { options, text in
                // A code of up to four characters, "-BE" marking big-endian ones ("Y16 -BE").
                let code = text.hasSuffix("-BE") ? text.dropLast(3) : Substring(text)
                guard (1...4).contains(code.utf8.count) else {
                    throw UsageError(description: "invalid pixel format '\(text)': use a four-character code such as YUYV or MJPG (see --list-formats)")
                }
                options.pixelFormat = PixelFormat(text)
            }, help: """
                request a pixel format, e.g. YUYV or MJPG (default: the
                cheapest route to luma: GREY, NV12, YU12, YUYV, MJPG, RGB)
                """),
            Entry(Option("--control", value: "NAME=VALUE", into: .camera) { options, text in
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw UsageError(description: "invalid control '\(text)': use NAME=VALUE, for example brightness=128")
                }
                options.settings.controls.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
            }, help: """
                set a V4L2 control by name, e.g. focus_automatic_continuous=0
                (repeatable; an unsupported control is reported and skipped)
                """),
            Entry(
                Option("--focus", value: "auto|N", into: .camera) { options, text in options.settings.focus = try setting("--focus", text) },
                Option("--exposure", value: "auto|N", into: .camera) { options, text in options.settings.exposure = try setting("--exposure", text) },
                Option("--gain", value: "N", into: .camera) { options, text in options.settings.gain = try integer("--gain", text) },
                Option("--zoom", value: "N", into: .camera) { options, text in options.settings.zoom = try positive("--zoom", text) },
                Option("--torch", value: "on|off", into: .camera) { options, text in
                    guard text == "on" || text == "off" else { throw UsageError(description: "--torch takes on or off") }
                    options.settings.torch = text == "on"
                },
                help: """
                    AVFoundation-style conveniences; without a zoom control,
                    --zoom crops the centre digitally
                    """),
            Entry(Option("--oneshot", into: .camera) { options, _ in options.oneshot = true }, help: "exit after the first code"),
            Entry(Option("--record", value: "FILE.y4m", into: .camera) { options, text in options.record = text }, help: """
                also record every captured frame, to replay with --input;
                created once frames arrive, and never over an existing
                file unless --force is given
                """),
            Entry(Option("--force", into: .camera) { options, _ in options.force = true },
                  help: "let --record replace an existing file"),
            Entry(
                Option(
                    "--input", value: "FILE", into: .camera,
                    refusals: [.files: "--input replays a recording; give either it or image PATHs"]
                ) { options, text in options.input = text },
                help: """
                replay a .y4m (4:2:0, 4:2:2, 4:4:4 or mono) or MJPEG
                recording instead of a camera (- or a FIFO: a live
                stream, e.g. from ffmpeg)
                """),
            Entry(Option("--fast", into: .camera) { options, _ in options.fast = true },
                  help: "replay as fast as possible instead of at the recorded rate"),
            Entry(
                Option(
                    "--preview", into: .camera,
                    refusals: [.files: "--preview shows a camera or a recording (--input); for image PATHs use --annotate DIR"]
                ) { options, _ in options.preview = true },
                help: """
                show a window of the frames as they are decoded: each code's
                outline and label (green when it appears, amber while in
                view), the --roi rectangle (blue) and a status line. Drag a
                rectangle: the new region of interest. Click: focus once
                (where the camera can). +/-: zoom (optical, else a centre
                crop). t: torch. f: autofocus on/off. q or closing the
                window: stop. With no display, one line says so and
                scanning goes on
                """),
        ], notes: "    Camera scanning defaults to --effort fast: the next frame is the second chance."),
        Section(title: "CHECKOUT (how sightings become reports)", entries: [
            Entry(Option("--dedup", value: "POLICY", into: .camera) { options, text in
                do { options.dedup = try DedupPolicy(parsing: text) } catch { throw UsageError(description: "\(error)") }
            }, help: """
                once-per-presentation (default): report an item when it
                  appears, again only after it was out of view for --rearm-ms
                window: the same payload at most once per --dedup-ms
                every-frame: every read (diagnostics)
                once: each payload once per run
                """),
            Entry(Option("--rearm-ms", value: "N", into: .camera) { options, text in options.rearm = .milliseconds(try positive("--rearm-ms", text)) },
                  help: "default 500"),
            Entry(Option("--dedup-ms", value: "N", into: .camera) { options, text in options.dedupWindow = .milliseconds(try positive("--dedup-ms", text)) },
                  help: "default 1000"),
            Entry(Option("--confirm", value: "N", into: .camera) { options, text in options.confirm = try positive("--confirm", text) }, help: """
                frames a 1D code must be read in before it is reported
                (default 2; 2D codes, which carry error correction: 1)
                """),
            Entry(Option("--left", into: .camera) { options, _ in options.reportsLeft = true },
                  help: "also report items leaving view (JSON \"event\":\"left\")"),
            Entry(Option("--beep", into: .camera) { options, _ in options.beep = true }, help: "ring the terminal bell for each new item"),
        ], notes: """
              EAN/UPC reads whose check digit fails are never reported.
              JSON events carry "event" (appeared, left, camera-lost, camera-restored); appeared
              and left add "track" (one id per presentation), "frame" and "timestamp" (capture
              time, s); appeared adds "latency_ms" (decode time), left "duration_ms".
            """),
        Section(title: "TILL (events to the store's broker)", entries: [
            Entry(Option("--publish", value: "URL", into: .camera, refusals: [.files: tillRefusal]) { options, text in options.publish = try MQTTEndpoint(parsing: text) }, help: """
                also send every event as a JSON line, at QoS 1, to
                an MQTT broker: mqtt://HOST:PORT/TOPIC, or mqtts://
                for TLS, e.g. mqtt://broker:1883/store/12/lane/3/scans.
                Each event has an "id" (LANE-SEQUENCE, unique across
                restarts): drop duplicates by it; "lane" and "seq" too.
                TOPIC/status holds {"lane":NAME,"state":"online"},
                retained, and "offline" once scan stops (the last will).
                Schemas: /usr/share/scan/schemas/scan-event.schema.json,
                scan-status.schema.json
                """),
            Entry(Option("--lane", value: "NAME", into: .camera) { options, text in
                guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else {
                    throw UsageError(description: "invalid lane '\(text)': use letters, digits, '.', '_' and '-'")
                }
                options.lane = text
            }, help: """
                this lane's name, in event ids and the client id
                scan-NAME (default: the host name)
                """),
            Entry(Option("--mqtt-ca", value: "FILE", into: .camera) { options, text in options.mqttCA = text },
                  help: "the CA that signed the broker's certificate\n(default: the system's CAs)"),
            Entry(
                Option("--mqtt-user", value: "NAME", into: .camera) { options, text in options.mqttUser = text },
                Option("--mqtt-password-file", value: "FILE", into: .camera) { options, text in options.mqttPasswordFile = text },
                help: "the broker account; the password is read from FILE"),
            Entry(Option("--state-dir", value: "DIR", into: .camera) { options, text in options.stateDirectory = text }, help: """
                where the spool lives (default: $STATE_DIRECTORY,
                which systemd sets, else /var/lib/scan)
                """),
            Entry(Option("--spool-limit", value: "BYTES", into: .camera) { options, text in options.spoolLimit = try positive("--spool-limit", text) }, help: """
                the most bytes of unsent events the spool holds
                (default 16777216)
                """),
            Entry(Option("--config", value: "FILE", effect: .includes), help: """
                read options from FILE, one a line: NAME VALUE, or
                NAME for a flag (# comments); the service reads
                /etc/scan/LANE.conf
                """),
        ], notes: """
              Events go to the spool (LANE.spool, fsync'd JSON Lines) before the broker; while
              it is unreachable they wait there and are sent in order when it returns, also
              after a restart. When the unsent events fill --spool-limit, new ones are refused
              (the oldest are kept), each with an error line and a count. At the end of a
              recording, scan waits until the broker has every event (Ctrl-C leaves them in
              the spool for the next start). A wrong password or an untrusted certificate
              stops scan at once with exit status 1.
            """),
        Section(title: "KEYBOARD WEDGE (for point-of-sale programs that take a USB scanner)", entries: [
            Entry(Option("--type", into: .camera, refusals: [.files: tillRefusal]) { options, _ in options.type = true }, help: """
                type each new code on a virtual keyboard
                (/dev/uinput), then the suffix, as a USB scanner does
                """),
            Entry(Option("--keyboard-layout", value: "us|de", into: .camera) { options, text in
                guard let layout = KeyboardLayout.named(text) else {
                    throw UsageError(description: "unknown keyboard layout '\(text)': use us or de")
                }
                options.wedge.layout = layout
            }, help: """
                the layout the till expects (default us; de is
                German QWERTZ, with AltGr for @ { [ ] } \\ ~ | €)
                """),
            Entry(Option("--type-suffix", value: "enter|tab|none", into: .camera) { options, text in
                guard let suffix = KeyboardWedge.Suffix(rawValue: text) else {
                    throw UsageError(description: "unknown suffix '\(text)': use enter, tab or none")
                }
                options.wedge.suffix = suffix
            }, help: "what is typed after each code (default enter)"),
            Entry(Option("--type-control", into: .camera) { options, _ in options.wedge.typesControlCharacters = true }, help: """
                type tab and newline in a payload as Tab and Enter
                """),
        ], notes: """
              A payload with a character the layout cannot type, or with a control character
              (a newline must not press Enter, ESC must not reach the till), is not typed at
              all: an error line names the characters.
            """),
        Section(title: "COMPARISONS", entries: [
            Entry(Option("--engine", value: "zbar|zxing|native", into: .decoding) { decoding, text in
                guard let engine = Detection.Engine(rawValue: text) else {
                    throw UsageError(description: "unknown engine '\(text)': use zbar, zxing or native")
                }
                decoding.singleEngine = engine
            }, help: """
                one engine alone, one pass at its library's defaults
                (zxing then runs its 1D readers, which can abort on
                some images: give it one file per process); native
                is this project's own decoders alone, in one pass
                """),
        ]),
        Section(title: "EXIT STATUS", notes: """
                0  every input was read and at least one symbol was found
                4  every input was read and nothing was found (as zbarimg), also when a
                   directory holds no image file (its record is "no-code", with a line on
                   standard error)
                1  some input (a file or a page) could not be read, or reached --timeout,
                   or ends early (a truncated JPEG: the codes in the part that arrived are
                   printed, then a "truncated" JSON record); the others were still scanned
                   and printed (as grep's 2)
                2  the command line is wrong, also when it gives an option the run does not
                   take (--oneshot with image PATHs, --pdf-dpi for a camera), or the
                   --files-from list cannot be read
              A camera or --input run exits 0 when it reported a code, 4 when it did not, and
              1 when the camera or recording failed before any code.
            """),
        Section(title: "OTHER", entries: [
            Entry(Option("-h", "--help", effect: .shows(.help)), help: "this text"),
            Entry(Option("--help-man", effect: .shows(.manPage)),
                  help: "this text as a man page, in roff"),
            Entry(Option("--version", effect: .shows(.version)), help: "the version"),
        ]),
    ]

    /// What `--publish` and `--type` say given with image files.
    private static let tillRefusal = "--publish and --type follow a camera or a recording (--input), not image PATHs"

    /// Every option by each of its names.
    static let byName: [String: Option] = {
        var table: [String: Option] = [:]
        for section in sections {
            for entry in section.entries {
                for option in entry.options {
                    for name in option.names { table[name] = option }
                }
            }
        }
        return table
    }()

    private static func integer(_ name: String, _ text: String) throws -> Int {
        guard let value = Int(text) else { throw UsageError(description: "\(name) takes a whole number, not '\(text)'") }
        return value
    }

    /// `auto`, or a value in the control's own units.
    private static func setting(_ name: String, _ text: String) throws -> CameraSetting {
        if text == "auto" { return .automatic }
        guard let value = Int(text) else { throw UsageError(description: "\(name) takes auto or a whole number, not '\(text)'") }
        return .manual(value)
    }

    private static func positive(_ name: String, _ text: String) throws -> Int {
        let value = try integer(name, text)
        guard value > 0 else { throw UsageError(description: "\(name) must be positive, not \(value)") }
        return value
    }
}

extension OptionTable.Target where Part == FileOptions {
    static var files: Self { Self(files: \FileOptions.self) }
}

extension OptionTable.Target where Part == CameraOptions {
    static var camera: Self { Self(camera: \CameraOptions.self) }
}

extension OptionTable.Target where Part == ListingOptions {
    static var listing: Self { Self(listing: \ListingOptions.self) }
}

extension OptionTable.Target where Part == DecodingOptions {
    static var decoding: Self { Self(files: \FileOptions.decoding, camera: \CameraOptions.decoding) }
}

extension OptionTable.Target where Part == OutputOptions {
    static var output: Self { Self(files: \FileOptions.output, camera: \CameraOptions.output) }
}

extension OptionTable.Target where Part == Bool {
    /// `-q`, which every mode takes.
    static var quiet: Self { Self(files: \FileOptions.output.quiet, camera: \CameraOptions.output.quiet, listing: \ListingOptions.quiet) }
}

extension OptionTable.Target where Part == String? {
    /// `--device`: the camera to scan or to list.
    static var device: Self { Self(camera: \CameraOptions.device, listing: \ListingOptions.device) }
}
