import Foundation
import Scanner
import ScanKeyboard
import ScannerTestSupport
import Testing

/// `scan --type` in the vivid VM: uinput makes the keyboard, and the keys
/// it typed are read back from its /dev/input/eventN.
@Suite struct KeyboardWedgeTests {
    /// The key events read back: (key code, pressed) in order.
    typealias Keys = [(code: UInt16, down: Bool)]

    struct Run {
        let share: URL
        func text(_ name: String, _ suffix: String) throws -> String {
            try String(contentsOf: share.appendingPathComponent("results/\(name).\(suffix)"), encoding: .utf8)
        }
        /// EV_KEY events of `struct input_event` (24 bytes on x86_64: time, type, code, value).
        func keys(_ name: String) throws -> Keys {
            let data = try [UInt8](Data(contentsOf: share.appendingPathComponent("results/\(name).events")))
            return stride(from: 0, to: data.count - 23, by: 24).compactMap { at in
                func u16(_ offset: Int) -> UInt16 { UInt16(data[at + offset]) | UInt16(data[at + offset + 1]) << 8 }
                guard u16(16) == 1, data[at + 20] != 2 else { return nil }  // EV_KEY, not autorepeat
                return (u16(18), data[at + 20] == 1)
            }
        }
    }

    static let run = Task<Run, any Error> {
        let vm = try await VividRun.boot("wedge.sh", share: "wedge-tests", binaries: .copied) { share in
            let clips = share.appendingPathComponent("clips")
            try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
            let directory = try TemporaryDirectory()
            for (name, payloads, arguments) in [
                ("us", ["Item-42/a b", "ab\ncd", "esc\u{1b}", "Z9-z/ 0"], ""),
                ("de", ["Zy-@/"], "--keyboard-layout de --type-suffix tab"),
            ] {
                // 1.5 s of nothing first, so the guest reads the keyboard before it types.
                var clip = RecordingBuilder(width: 96, height: 80, framesPerSecond: 30)
                clip.showNothing(frames: 45)
                for payload in payloads {
                    let symbol = try ZintRenderer.render(.qr, .text(payload), moduleSize: 2, margin: 8)
                    clip.show(RecordingBuilder.Placement(symbol, x: 19, y: 11), frames: 6)
                    clip.showNothing(frames: 6)
                }
                try FileManager.default.copyItem(
                    atPath: try clip.write(name + ".y4m", in: directory), toPath: clips.appendingPathComponent(name + ".y4m").path)
                try arguments.write(to: clips.appendingPathComponent(name + ".args"), atomically: true, encoding: .utf8)
            }
        }
        return Run(share: vm.share)
    }

    /// US keys as evdev names them, independent of the layout under test.
    static func usText(_ keys: Keys) -> String {
        let rows: [(UInt16, String, String)] = [
            (2, "1234567890-", "!@#$%^&*()_"), (16, "qwertyuiop", "QWERTYUIOP"), (30, "asdfghjkl", "ASDFGHJKL"),
            (44, "zxcvbnm,./", "ZXCVBNM<>?"), (57, " ", " "),
        ]
        var shift = false, text = ""
        for key in keys {
            if key.code == 42 || key.code == 54 { shift = key.down; continue }
            guard key.down else { continue }
            if key.code == 28 { text += "\n"; continue }
            for (first, plain, shifted) in rows where key.code >= first && Int(key.code - first) < plain.count {
                let characters = Array(shift ? shifted : plain)
                text.append(characters[Int(key.code - first)])
            }
        }
        return text
    }

    @Test(.disabled(if: VividRun.skipped, "SCAN_SKIP_VIVID=1"))
    func payloadsAreTypedExactlyAndControlCharactersRefused() async throws {
        let run = try await Self.run.value
        let messages = try run.text("us", "err")
        #expect(try run.text("us", "rc").trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(messages)")
        #expect(Self.usText(try run.keys("us")) == "Item-42/a b\nZ9-z/ 0\n")
        let errors = messages.split(separator: "\n")
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first?.contains("control character (U+000A)") == true, "\(errors)")
        #expect(errors.last?.contains("control character (U+001B)") == true, "\(errors)")
    }

    @Test(.disabled(if: VividRun.skipped, "SCAN_SKIP_VIVID=1"))
    func germanLayoutUsesItsOwnKeys() async throws {
        let run = try await Self.run.value
        // Z: Shift+Y key; y: Z key; -: the slash key; @: AltGr+Q; /: Shift+7; then Tab.
        let pressed = try run.keys("de").filter(\.down).map(\.code)
        let messages = try run.text("de", "err")
        #expect(pressed == [42, 21, 44, 53, 100, 16, 42, 8, 15], "\(messages)")
    }
}
