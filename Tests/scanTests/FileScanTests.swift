import Foundation
import ScannerTestSupport
import Testing

/// End-to-end: the built `scan` binary on still images.
@Suite struct FileScanTests {
    static let samples = ScanCommand.packageRoot.appendingPathComponent("Samples")

    /// Each sample image with the text it must decode to.
    static func sampleExpectations() throws -> [(image: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".png") }.sorted().map {
            let text = try String(contentsOf: samples.appendingPathComponent($0.replacingOccurrences(of: ".png", with: ".txt")), encoding: .utf8)
            return ($0, text.trimmingCharacters(in: .newlines))
        }
    }

    @Test func everySampleDecodesToItsText() throws {
        let expectations = try Self.sampleExpectations()
        #expect(expectations.count >= 17)
        let result = try ScanCommand.run(["--format", "json", "Samples"])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        for (image, text) in expectations {
            let found = records.filter { ($0["source"] as? String) == "Samples/" + image }
            #expect(found.count == 1, "\(image): \(found)")
            #expect(found.first?["text"] as? String == text, "\(image)")
            #expect((found.first?["corners"] as? [[Double]])?.count == 4, "\(image)")
        }
    }

    @Test func textOutputIsOneLinePerSymbolLikeZbarimg() throws {
        let result = try ScanCommand.run(["--no-filename", "Samples/ean13.png", "Samples/qr.png"])
        #expect(result.status == 0)
        #expect(result.lines == ["EAN-13:4006381333931", "QR-Code:https://example.com/scan?id=42"])
    }

    @Test func jsonCarriesGTINForUPC() throws {
        let result = try ScanCommand.run(["--format", "json", "Samples/upca.png", "Samples/upce.png"])
        let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(records.map { $0["symbology"] as? String } == ["upca", "upce"])
        #expect(records.map { $0["text"] as? String } == ["036000291452", "01234565"])
        #expect(records.map { $0["gtin"] as? String } == ["00036000291452", "00012345000065"])
        #expect(records.first?["bytes"] as? String == Data("036000291452".utf8).base64EncodedString())
    }

    @Test func jsonCarriesGS1DataAddOnsAndSymbologyIdentifiers() throws {
        let result = try ScanCommand.run(["--format", "json", "-S", "all,ean2", "Samples/databar-expanded.png", "Samples/magazine.png", "Samples/itf14.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        try #require(records.count == 3)
        let databar = records[0]
        #expect(databar["symbology_id"] as? String == "]e0")
        #expect(databar["hri"] as? String == "(01)09501101530003(3103)000750(10)AB-123")
        #expect((databar["gs1"] as? [[String: String]]) == [["ai": "01", "value": "09501101530003"], ["ai": "3103", "value": "000750"], ["ai": "10", "value": "AB-123"]])
        #expect(databar["gtin"] as? String == "09501101530003")
        // Add-ons are named to be read; one record holds the magazine and its issue.
        #expect(records[1]["text"] as? String == "9771234567003")
        #expect(records[1]["add_on"] as? String == "07")
        #expect(records[1]["symbology_id"] as? String == "]E3")
        #expect(records[2]["symbology"] as? String == "itf")
        #expect(records[2]["gtin"] as? String == "15012345678907")
        #expect(records[2]["symbology_id"] as? String == "]I1")
    }

    /// What our readers decoded of a QR, a Micro QR, an Aztec and a Data Matrix: version or
    /// size, level, mask, mirroring and the codewords Reed-Solomon corrected (none in a clean render).
    @Test func jsonCarriesA2DSymbolsVersionLevelAndMask() throws {
        let directory = try TemporaryDirectory()
        let qr = directory.url.appendingPathComponent("qr.png").path, micro = directory.url.appendingPathComponent("micro.png").path
        let zint = URL(fileURLWithPath: "/usr/bin/zint")
        _ = try ScanCommand.run(["-b", "QRCODE", "--vers=5", "--secure=3", "--mask=6", "-d", "fields", "-o", qr], executable: zint)
        _ = try ScanCommand.run(["-b", "MICROQR", "--vers=3", "--secure=2", "-d", "MICRO", "-o", micro], executable: zint)
        let aztec = directory.url.appendingPathComponent("aztec.png").path, dm = directory.url.appendingPathComponent("dm.png").path
        _ = try ScanCommand.run(["-b", "AZTEC", "--vers=3", "--scale=3", "-d", "aztec fields", "-o", aztec], executable: zint)
        _ = try ScanCommand.run(["-b", "DATAMATRIX", "--vers=5", "--scale=4", "-d", "DM fields", "-o", dm], executable: zint)
        let result = try ScanCommand.run(["--format", "json", qr, micro, aztec, dm])
        #expect(try RecordSchema.violations(in: result.lines) == [])
        let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        try #require(records.count == 4, "\(result.stdout)")
        #expect(records[0]["version"] as? String == "5")
        #expect(records[0]["ec_level"] as? String == "Q")
        #expect(records[0]["mask"] as? Int == 6)
        #expect(records[0]["mirrored"] as? Bool == false)
        #expect(records[0]["corrected_codewords"] as? Int == 0)
        #expect(records[1]["version"] as? String == "M3")
        #expect(records[1]["ec_level"] as? String == "M")
        // zint's Aztec version 3 is compact with 3 layers; its Data Matrix version 5 is 18x18.
        #expect(records[2]["version"] as? String == "C3" && records[2]["corrected_codewords"] as? Int == 0)
        #expect(records[3]["version"] as? String == "18x18" && records[3]["mirrored"] as? Bool == false)
        #expect(records[2]["mask"] == nil && records[3]["ec_level"] == nil)
        // Codes our reader does not decode carry none of it.
        let upc = try ScanCommand.run(["--format", "json", "Samples/upca.png"])
        #expect(!upc.stdout.contains("ec_level"))
    }

    /// Four QR symbols of one structured-append message are one record, listing each part
    /// and where it lies; a part read alone names its place in the sequence.
    @Test func jsonJoinsAStructuredAppendMessageAndListsItsParts() throws {
        let directory = try TemporaryDirectory()
        let whole = try ImageTools.writePGM(StructuredAppendPage.frame(of: [0, 1, 2, 3]), named: "whole", in: directory.url)
        let alone = try ImageTools.writePGM(StructuredAppendPage.frame(of: [2]), named: "alone", in: directory.url)
        let result = try ScanCommand.run(["--format", "json", whole, alone], in: directory.url)
        #expect(try RecordSchema.violations(in: result.lines) == [])
        let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        try #require(records.count == 2, "\(result.stdout)")
        #expect(records[0]["text"] as? String == StructuredAppendPage.message.joined())
        let sequence = try #require(records[0]["structured_append"] as? [String: Any])
        #expect(sequence["count"] as? Int == 4 && sequence["parity"] as? Int == StructuredAppendPage.parity)
        let parts = try #require(sequence["parts"] as? [[String: Any]])
        #expect(parts.map { $0["index"] as? Int } == [0, 1, 2, 3])
        #expect(parts.allSatisfy { ($0["corners"] as? [[Double]])?.count == 4 })
        #expect(records[1]["text"] as? String == StructuredAppendPage.message[2])
        #expect(((records[1]["structured_append"] as? [String: Any])?["parts"] as? [[String: Any]])?.first?["index"] as? Int == 2)
    }

    /// A book's EAN-13 carries its ISBN-13 and ISBN-10 in JSON, as zbarimg can show them.
    @Test func jsonCarriesTheISBNsOfABook() throws {
        let dir = try TemporaryDirectory()
        try ImageTools.writePGM(ZintRenderer.render(.ean13, .text("978030640615")).frame, named: "book", in: dir.url)
        try ImageTools.writePGM(ZintRenderer.render(.ean13, .text("979103000001")).frame, named: "french", in: dir.url)
        let result = try ScanCommand.run(["--json", dir.file("book.pgm").path, dir.file("french.pgm").path, "Samples/ean13.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try RecordSchema.violations(in: result.lines) == [])
        let records = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(records.map { $0["isbn"] as? [String: String] } == [
            ["isbn13": "9780306406157", "isbn10": "0306406152"], ["isbn13": "9791030000016"], nil,
        ], "\(result.stdout)")
    }

    @Test func addOnsAreOffByDefaultAndTextPrintsGS1AsHumanReadable() throws {
        let result = try ScanCommand.run(["--no-filename", "Samples/magazine.png", "Samples/databar.png"])
        #expect(result.lines == ["EAN-13:9771234567003", "DataBar:(01)09501101530003"])
    }

    @Test func variableMeasureLayoutsTakeLabelsApart() throws {
        let directory = try TemporaryDirectory()
        let label = directory.url.appendingPathComponent("label.png").path
        _ = try ScanCommand.run(["-b", "EANX", "-d", "251234500750", "-o", label], executable: URL(fileURLWithPath: "/usr/bin/zint"))
        let result = try ScanCommand.run(["--format", "json", "--variable-measure", "25:item5-weight5", label])
        let record = try #require(result.lines.first.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(record["variable_measure"] as? [String: String] == ["layout": "item5-weight5", "item": "12345", "weight_kg": "0.750"])
        let bad = try ScanCommand.run(["--variable-measure", "25:nonsense", label])
        #expect(bad.status != 0 && bad.stderr.contains("us-price"))
    }

    @Test func readsAnImageFromStandardInput() throws {
        let png = try Data(contentsOf: Self.samples.appendingPathComponent("datamatrix.png"))
        let result = try ScanCommand.run(["--format", "json", "-"], input: png)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"source\":\"-\""))
        #expect(result.stdout.contains("DataMatrix sample 90"))
    }

    @Test func rawPrintsOnlyThePayload() throws {
        let result = try ScanCommand.run(["--raw", "Samples/code93.png"])
        #expect(result.stdout == "Code 93 Sample\n")
    }

    /// A QR whose ECI declares Latin-9: --raw writes UTF-8, as text output
    /// and zbarimg --raw do; --raw-bytes writes the Latin-9 bytes it holds.
    @Test func rawIsUTF8AndRawBytesIsWhatTheSymbolHolds() throws {
        let dir = try TemporaryDirectory()
        try ImageTools.writePGM(ZintRenderer.render(.qr, .text("€ 5"), eci: 17).frame, named: "latin9", in: dir.url)
        let path = dir.file("latin9.pgm").path
        let text = try ScanCommand.run([path])
        #expect(text.stdout == "QR-Code:€ 5\n", "\(text.stdout)")
        let raw = try ScanCommand.run(["--raw", path])
        #expect(Array(raw.stdout.utf8) == Array("€ 5\n".utf8))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
            let zbarimg = try ScanCommand.run(["-q", "--raw", path], executable: URL(fileURLWithPath: "/usr/bin/zbarimg"))
            #expect(raw.stdout == zbarimg.stdout)
        }
        // Through od: the pipe's bytes, which a String would not keep.
        let bytes = try ScanCommand.run(
            ["-c", "\"$0\" --raw-bytes \"$1\" | od -An -tx1", ScanCommand.binary.path, path], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(bytes.stdout.split(whereSeparator: \.isWhitespace) == ["a4", "20", "35", "0a"], "\(bytes.stdout)")
    }

    /// --xml writes zbarimg --xml's document: the same elements and
    /// attributes, but for zbar's quality, a count of scan lines; data that
    /// cannot sit in CDATA (here "]]>") in base64, as zbar puts it.
    @Test func xmlIsZbarimgsDocument() throws {
        let dir = try TemporaryDirectory()
        for (name, text) in [("one", "page <one> & more"), ("two", "page two ]]> end")] {
            try ImageTools.writePGM(ZintRenderer.render(.qr, .text(text)).frame, named: name, in: dir.url)
        }
        try ImageTools.writePGM(ZintRenderer.render(.ean13, .text("400638133393")).frame, named: "ean", in: dir.url)
        // Turned a quarter clockwise, its top edge points down: zbar's RIGHT.
        try ImageTools.shell(
            "pnmtotiff one.pgm > one.tif && pnmtotiff two.pgm > two.tif && tiffcp one.tif two.tif pages.tif && pamflip -cw ean.pgm > right.pgm",
            in: dir.url)
        let pages = dir.file("pages.tif").path, right = dir.file("right.pgm").path
        let result = try ScanCommand.run(["--xml", "Samples/qr.png", "Samples/ean13.png", pages, right])
        #expect(result.status == 0, "\(result.stderr)")
        let withoutQuality = { (text: String) in text.replacing(/quality='[0-9]+'/, with: "quality=''") }
        let expected = """
            <barcodes xmlns='http://zbar.sourceforge.net/2008/barcode'>
            <source href='Samples/qr.png'>
            <index num='0'>
            <symbol type='QR-Code' quality='' orientation='UP'><data><![CDATA[https://example.com/scan?id=42]]></data></symbol>
            </index>
            </source>
            <source href='Samples/ean13.png'>
            <index num='0'>
            <symbol type='EAN-13' quality='' orientation='UP' configs='EMIT_CHECK'><data><![CDATA[4006381333931]]></data></symbol>
            </index>
            </source>
            <source href='\(pages)'>
            <index num='0'>
            <symbol type='QR-Code' quality='' orientation='UP'><data><![CDATA[page <one> & more]]></data></symbol>
            </index>
            <index num='1'>
            <symbol type='QR-Code' quality='' orientation='UP'><data format='base64' length='16'><![CDATA[
            cGFnZSB0d28gXV0+IGVuZA==
            ]]></data></symbol>
            </index>
            </source>
            <source href='\(right)'>
            <index num='0'>
            <symbol type='EAN-13' quality='' orientation='RIGHT' configs='EMIT_CHECK'><data><![CDATA[4006381333931]]></data></symbol>
            </index>
            </source>
            </barcodes>

            """
        #expect(withoutQuality(result.stdout) == expected, "\(result.stdout)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
            let zbarimg = try ScanCommand.run(
                ["-q", "--xml", "Samples/qr.png", "Samples/ean13.png", pages, right], executable: URL(fileURLWithPath: "/usr/bin/zbarimg"))
            #expect(withoutQuality(zbarimg.stdout) == expected, "\(zbarimg.stdout)")
        }
        let camera = try ScanCommand.run(["--xml", "--input", "Samples/checkout.mjpeg"])
        #expect(camera.status == 2 && camera.stderr.contains("--xml writes zbarimg's document for image files"), "\(camera.stderr)")
    }

    @Test func badFilesAreReportedAndTheRunGoesOn() throws {
        let dir = try TemporaryDirectory()
        let png = try Data(contentsOf: Self.samples.appendingPathComponent("qr.png"))
        try png.prefix(png.count / 2).write(to: dir.file("truncated.png"))
        try Data("not an image at all\n".utf8).write(to: dir.file("notes.png"))
        let missing = dir.file("missing.png").path
        let result = try ScanCommand.run([dir.file("truncated.png").path, dir.file("notes.png").path, missing, "Samples/ean8.png"])
        #expect(result.status == 1, "some input failed, whatever else was found")
        #expect(result.lines == ["Samples/ean8.png:EAN-8:96385074"])
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.contains { $0.contains("truncated.png") })
        #expect(errors.contains { $0.contains("notes.png") && $0.contains("not an image") })
        #expect(errors.contains { $0.contains("missing.png") && $0.contains("no such file") })
    }

    @Test func onlyErrorsExitOne() throws {
        let result = try ScanCommand.run(["/nonexistent/image.png"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func nothingFoundExitsFour() throws {
        let dir = try TemporaryDirectory()
        // A blank 64×64 PGM.
        try (Data("P5\n64 64\n255\n".utf8) + Data(repeating: 200, count: 64 * 64)).write(to: dir.file("blank.pgm"))
        let result = try ScanCommand.run([dir.file("blank.pgm").path])
        #expect(result.status == 4)
        #expect(result.stdout.isEmpty)
    }

    @Test func quietSilencesErrorsButNotTheStatus() throws {
        let result = try ScanCommand.run(["-q", "/nonexistent/image.png"])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [["--format", "yaml"], ["--roi", "0.5,0.5,0.8,0.8"], ["--bogus"], ["--symbologies", "qr,foo"], ["--roi"]])
    func badUsageExitsTwoWithAHint(arguments: [String]) throws {
        let result = try ScanCommand.run(arguments + ["Samples/qr.png"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("scan --help"))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpTeachesAndVersionAnswers() throws {
        let help = try ScanCommand.run(["--help"])
        #expect(help.status == 0)
        for topic in ["USAGE", "--symbologies", "--roi", "--format", "EXIT STATUS", "datamatrix", "--files-from", "--with-filename", "--pdf-dpi"] {
            #expect(help.stdout.contains(topic), "help lacks \(topic)")
        }
        let version = try ScanCommand.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("scan "))
    }

    /// Each sample's JSON "engine" is one --help names for its symbology,
    /// and "engine" is among the keys --help documents.
    @Test func helpNamesTheEngineThatJSONReports() throws {
        let help = try ScanCommand.run(["--help"]).stdout
        #expect(help.contains("engine\n") || help.contains(" engine "), "the JSON keys leave out engine")
        // The table: names on each line, engines after "read by" (a line without one continues the last).
        let section = help.components(separatedBy: "SYMBOLOGIES")[1].components(separatedBy: "FILES")[0]
        var engines: [String: String] = [:]
        var current = ""
        for line in section.split(separator: "\n") where !line.contains("add-on") && !line.contains(":") {
            let parts = line.components(separatedBy: " by ")
            if parts.count > 1 { current = parts.dropFirst().joined(separator: " by ") }
            for name in parts[0].split(whereSeparator: { ", ()".contains($0) }) { engines[String(name)] = current }
        }
        let records = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasSuffix(".png") }.flatMap {
            try ScanCommand.run(["--json", "Samples/" + $0]).lines
        }
        #expect(records.count >= 15)
        for line in records {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let symbology = try #require(record["symbology"] as? String), engine = try #require(record["engine"] as? String)
            let listed = try #require(engines[symbology], "--help does not list \(symbology)")
            #expect(listed.contains(engine), "\(symbology): JSON says \(engine), --help says read by \(listed)")
        }
    }

    /// An add-on is read only with its main code, so an add-on alone is a
    /// usage error that says so, not a silent exit 4.
    @Test func anAddOnAloneIsRefusedWithTheFix() throws {
        let result = try ScanCommand.run(["-S", "ean5", "Samples/ean13.png"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("ean5 is an add-on") && result.stderr.contains("-S ean13,ean5"), "\(result.stderr)")
    }

    /// The spellings --help documents are the ones -S takes.
    @Test func theDocumentedSpellingsAreAccepted() throws {
        let help = try ScanCommand.run(["--help"]).stdout
        let accepted = try #require(help.components(separatedBy: "also accepted:").dropFirst().first?.components(separatedBy: ".\n").first)
        let names = accepted.split(whereSeparator: { ", \n".contains($0) }).filter { !$0.hasPrefix("(") && !$0.hasSuffix(")") }
        #expect(names.count == 21, "\(names)")
        let result = try ScanCommand.run(["-S", (names + ["EAN-13", "data_matrix"]).joined(separator: ","), "Samples/qr.png"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A region that runs off the frame says which edge and the most that fits.
    @Test func aRegionPastAnEdgeSaysWhichAndWhatFits() throws {
        let wide = try ScanCommand.run(["--roi", "0.5,0.5,0.6,0.4", "Samples/qr.png"])
        #expect(wide.status == 2)
        #expect(wide.stderr.contains("x + width is 1.1, past the right edge: the width can be at most 0.5"), "\(wide.stderr)")
        let tall = try ScanCommand.run(["--roi", "0.1,0.7,0.5,0.4", "Samples/qr.png"])
        #expect(tall.stderr.contains("y + height is 1.1, past the bottom edge: the height can be at most 0.3"), "\(tall.stderr)")
    }

    @Test func symbologiesLimitWhatIsReported() throws {
        let result = try ScanCommand.run(["--symbologies", "qr", "Samples"])
        #expect(result.lines == ["Samples/qr.png:QR-Code:https://example.com/scan?id=42"])
    }

    @Test func regionOfInterestLimitsWhereItLooks() throws {
        // The EAN-13 sample's bars fill the middle; a thin top-left strip sees none.
        let outside = try ScanCommand.run(["--roi", "0,0,0.1,0.1", "Samples/ean13.png"])
        #expect(outside.status == 4)
        let inside = try ScanCommand.run(["--format", "json", "--roi", "0.05,0.1,0.9,0.6", "Samples/ean13.png"])
        #expect(inside.status == 0)
        let record = try JSONSerialization.jsonObject(with: Data(inside.lines[0].utf8)) as! [String: Any]
        let xs = (record["corners"] as! [[Double]]).map { $0[0] }
        // Full-image coordinates: the box starts well right of the ROI's own origin.
        #expect(xs.min()! > 20)
    }

    @Test func escapeSequencesInAPayloadCannotReachTheTerminal() throws {
        let payload = "\u{1B}[31mRED\u{1B}[0m\nnext"
        let rendered = try ZintRenderer.render(.qr, .text(payload))
        let dir = try TemporaryDirectory()
        let image = dir.file("hostile.pgm")
        let frame = rendered.frame
        try (Data("P5\n\(frame.width) \(frame.height)\n255\n".utf8) + Data(frame.packedPixels)).write(to: image)

        let text = try ScanCommand.run([image.path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == #"QR-Code:\x1b[31mRED\x1b[0m\nnext"# + "\n")
        #expect(!text.stdout.utf8.contains(0x1B))

        let raw = try ScanCommand.run(["--raw", image.path])
        #expect(raw.status == 0, "\(raw.stderr)")
        #expect(Array(raw.stdout.utf8) == Array(payload.utf8) + [0x0A])
    }
}
