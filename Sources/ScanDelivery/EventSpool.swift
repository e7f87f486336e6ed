import Scanner
import FoundationEssentials
import Glibc

/// Events on their way to the broker, on disk first: an append-only JSON
/// Lines file, fsync'd line by line, in the state directory.
///
/// Each event gets a unique id, the lane and a sequence number that goes
/// on across restarts. A checkpoint file records how much of the spool the
/// broker has acknowledged; what follows is sent again after a reconnect or
/// a restart, in order. Once everything is acknowledged the spool is
/// emptied, and once the acknowledged part passes `limit` it is rewritten
/// with only what is still waiting, so the file stays under twice `limit`
/// however the broker comes and goes. When the unacknowledged part would
/// pass `limit` bytes, the new event is refused (the oldest are kept, as
/// the broker wants them first).
public final class EventSpool: @unchecked Sendable {
    // Sendable: every field below is guarded by `lock`.
    /// One spooled event: where its line starts in the spool, and the line.
    public struct Entry: Sendable {
        public let sequence: UInt64
        public let offset: Int
        public let line: [UInt8]
        public var end: Int { offset + line.count }
    }

    public let lane: String
    public let limit: Int
    private let spoolPath: String
    private let checkpointPath: String
    private var descriptor: Int32
    private let lock = Lock()
    private var pending: [Entry] = []
    private var size = 0
    private var nextSequence: UInt64 = 1
    private var refusedCount = 0

    /// Opens (or creates) `LANE.spool` and `LANE.sent` in `directory`,
    /// keeping what a previous run left unacknowledged.
    public init(directory: String, lane: String, limit: Int) throws(DeliveryError) {
        self.lane = lane
        self.limit = limit
        spoolPath = directory + "/" + lane + ".spool"
        checkpointPath = directory + "/" + lane + ".sent"
        if mkdir(directory, 0o750) != 0 && errno != EEXIST { throw .state(path: directory, errno: errno) }
        let descriptor = open(spoolPath, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw .state(path: spoolPath, errno: errno) }
        self.descriptor = descriptor
        try recover()
    }

    deinit { close(descriptor) }

    /// Events refused because the spool was full, since this run started.
    public var refused: Int { lock.withLock { refusedCount } }

    /// How many events await the broker's acknowledgement.
    public var pendingCount: Int { lock.withLock { pending.count } }

    /// Writes `event` (a JSON object, `{...}`) to the spool with its id,
    /// lane and sequence in front, and returns the entry once it is on disk.
    public func append(_ event: [UInt8]) throws(DeliveryError) -> Entry {
        try lock.withLock { () throws(DeliveryError) -> Entry in
            let sequence = nextSequence
            var line = Array("{\"id\":\"\(lane)-\(sequence)\",\"lane\":\"\(lane)\",\"seq\":\(sequence),".utf8)
            line += event.dropFirst().prefix { $0 != UInt8(ascii: "\n") }
            line.append(UInt8(ascii: "\n"))
            let waiting = size - (pending.first?.offset ?? size)
            guard waiting + line.count <= limit else {
                refusedCount += 1
                throw .spoolFull(path: spoolPath, limit: limit, refused: refusedCount)
            }
            try write(line)
            let entry = Entry(sequence: sequence, offset: size, line: line)
            pending.append(entry)
            size += line.count
            nextSequence += 1
            return entry
        }
    }

    /// The unacknowledged entries from the oldest, at most `count`, after
    /// the sequence `after` (0: from the start).
    public func entries(after: UInt64, count: Int) -> [Entry] {
        lock.withLock { Array(pending.lazy.filter { $0.sequence > after }.prefix(count)) }
    }

    /// Records that the broker has every event up to `sequence`; empties
    /// the spool when nothing is left.
    public func acknowledge(through sequence: UInt64) throws(DeliveryError) {
        try lock.withLock { () throws(DeliveryError) in
            guard let index = pending.lastIndex(where: { $0.sequence <= sequence }) else { return }
            let acknowledged = pending[index].end
            pending.removeFirst(index + 1)
            if pending.isEmpty {
                // The checkpoint first: a crash in between resends, never skips.
                try saveCheckpoint(offset: 0)
                guard ftruncate(descriptor, 0) == 0, fsync(descriptor) == 0 else { throw .state(path: spoolPath, errno: errno) }
                size = 0
            } else if acknowledged >= limit {
                try compact()
            } else {
                try saveCheckpoint(offset: acknowledged)
            }
        }
    }

    // MARK: - Disk

    /// Rewrites the spool with only the pending lines: a new file, fsync'd,
    /// renamed over the old one. The checkpoint goes to 0 first, so a crash
    /// in between resends the acknowledged lines (the ids let consumers
    /// drop them) and never skips one.
    private func compact() throws(DeliveryError) {
        try saveCheckpoint(offset: 0)
        let temporary = spoolPath + ".new"
        let file = open(temporary, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o640)
        guard file >= 0 else { throw .state(path: temporary, errno: errno) }
        var rebased: [Entry] = []
        var offset = 0
        for entry in pending {
            rebased.append(Entry(sequence: entry.sequence, offset: offset, line: entry.line))
            offset += entry.line.count
        }
        guard LineWriter(descriptor: file).write(pending.flatMap(\.line)), fsync(file) == 0, rename(temporary, spoolPath) == 0 else {
            let code = errno
            close(file)
            throw .state(path: temporary, errno: code)
        }
        close(descriptor)
        descriptor = file
        pending = rebased
        size = offset
    }

    /// Reads the checkpoint and the spool's unacknowledged lines; a line cut
    /// short by a crash is dropped (it was never sent).
    private func recover() throws(DeliveryError) {
        var acknowledged = 0
        if let text = try? String(contentsOfFile: checkpointPath, encoding: .utf8) {
            let fields = text.split(separator: " ").compactMap { Int($0.trimming(while: \.isWhitespace)) }
            if fields.count == 2 {
                acknowledged = fields[0]
                nextSequence = UInt64(max(fields[1], 1))
            }
        }
        let bytes = try contents()
        let complete = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        if complete < bytes.count {
            guard ftruncate(descriptor, off_t(complete)) == 0 else { throw .state(path: spoolPath, errno: errno) }
        }
        size = complete
        var offset = 0
        for line in bytes[..<complete].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            let entry = Entry(sequence: Self.sequence(in: line) ?? 0, offset: offset, line: Array(line) + [UInt8(ascii: "\n")])
            offset = entry.end
            nextSequence = max(nextSequence, entry.sequence + 1)
            if entry.offset >= acknowledged { pending.append(entry) }
        }
    }

    /// The whole spool, read through its descriptor (no larger than twice
    /// the limit, as `compact` keeps it).
    private func contents() throws(DeliveryError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count: Int
            do {
                count = try Syscall.retrying { chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) } }
            } catch {
                throw .state(path: spoolPath, errno: error.code)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// The `"seq":N` this spool wrote into `line`.
    private static func sequence(in line: ArraySlice<UInt8>) -> UInt64? {
        guard let match = String(decoding: line.prefix(200), as: UTF8.self).firstMatch(of: #/"seq":(\d+)/#) else { return nil }
        return UInt64(match.1)
    }

    private func write(_ line: [UInt8]) throws(DeliveryError) {
        guard LineWriter(descriptor: descriptor).write(line), fsync(descriptor) == 0 else { throw .state(path: spoolPath, errno: errno) }
    }

    /// Replaces the checkpoint atomically: a new file, fsync'd, renamed.
    private func saveCheckpoint(offset: Int) throws(DeliveryError) {
        let temporary = checkpointPath + ".new"
        let text = Array("\(offset) \(nextSequence)\n".utf8)
        let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o640)
        guard file >= 0 else { throw .state(path: temporary, errno: errno) }
        defer { close(file) }
        let written = text.withUnsafeBytes { Glibc.write(file, $0.baseAddress!, $0.count) }
        guard written == text.count, fsync(file) == 0, rename(temporary, checkpointPath) == 0 else {
            throw .state(path: checkpointPath, errno: errno)
        }
    }
}
