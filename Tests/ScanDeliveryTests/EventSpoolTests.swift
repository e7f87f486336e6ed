import Foundation
import Scanner
import ScanDelivery
import ScannerTestSupport
import Testing

@Suite struct EventSpoolTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    private func spool(limit: Int = 1 << 20) throws -> EventSpool {
        try EventSpool(directory: directory.url.path, lane: "lane1", limit: limit)
    }

    private func texts(_ entries: [EventSpool.Entry]) -> [String] {
        entries.map { String(decoding: $0.line, as: UTF8.self) }
    }

    @Test func unacknowledgedEventsSurviveARestartAndSequencesGoOn() throws {
        do {
            let spool = try spool()
            for n in 1...4 { _ = try spool.append(Array("{\"n\":\(n)}\n".utf8)) }
            try spool.acknowledge(through: 2)
        }
        let reopened = try spool()
        #expect(texts(reopened.entries(after: 0, count: 10)) == [
            "{\"id\":\"lane1-3\",\"lane\":\"lane1\",\"seq\":3,\"n\":3}\n", "{\"id\":\"lane1-4\",\"lane\":\"lane1\",\"seq\":4,\"n\":4}\n",
        ])
        try reopened.acknowledge(through: 4)
        #expect(try FileManager.default.attributesOfItem(atPath: directory.file("lane1.spool").path)[.size] as? Int == 0)
        #expect(try spool().append(Array("{}".utf8)).sequence == 5)
    }

    @Test func aFullSpoolKeepsTheOldestAndRefusesTheNewest() throws {
        let spool = try spool(limit: 150)
        #expect(try spool.append(Array("{\"n\":1}".utf8)).sequence == 1)
        #expect(try spool.append(Array("{\"n\":2}".utf8)).sequence == 2)
        #expect(try spool.append(Array("{\"n\":3}".utf8)).sequence == 3)
        for refused in 1...2 {
            do {
                _ = try spool.append(Array("{\"n\":4}".utf8))
                Issue.record("accepted past the limit")
            } catch {
                #expect(error.description.contains("spool full") && error.description.contains("\(refused) refused so far"), "\(error)")
            }
        }
        #expect(spool.pendingCount == 3 && spool.refused == 2)
        // Once the broker takes the oldest, there is room again.
        try spool.acknowledge(through: 1)
        #expect(try spool.append(Array("{\"n\":4}".utf8)).sequence == 4)
    }

    /// A broker that never drains the spool completely (one event always
    /// in flight) still keeps the file under twice the limit, and what a
    /// restart finds is exactly what was not acknowledged.
    @Test func aSpoolThatNeverEmptiesIsCompacted() throws {
        let path = directory.file("lane1.spool").path
        var largest = 0
        do {
            let spool = try spool(limit: 1000)
            for n in 1...500 {
                _ = try spool.append(Array("{\"n\":\(n)}".utf8))
                if n > 1 { try spool.acknowledge(through: UInt64(n - 1)) }
                largest = max(largest, try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0)
            }
            #expect(spool.entries(after: 0, count: 10).map(\.sequence) == [500])
        }
        #expect(largest > 1000 && largest <= 2000, "the spool grew to \(largest) bytes")
        let reopened = try spool(limit: 1000)
        #expect(texts(reopened.entries(after: 0, count: 10)) == ["{\"id\":\"lane1-500\",\"lane\":\"lane1\",\"seq\":500,\"n\":500}\n"])
        #expect(try reopened.append(Array("{}".utf8)).sequence == 501)
    }

    @Test func aLineCutShortByACrashIsDropped() throws {
        do { _ = try spool().append(Array("{\"n\":1}".utf8)) }
        let handle = try FileHandle(forWritingTo: directory.file("lane1.spool"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"id\":\"lane1-2\",\"la".utf8))
        try handle.close()
        let reopened = try spool()
        #expect(reopened.entries(after: 0, count: 10).map(\.sequence) == [1])
        #expect(try reopened.append(Array("{}".utf8)).sequence == 2)
    }
}
