import Foundation
import SpatialMath
import Testing
import _TestSupport

@testable import SceneFormat

#if canImport(Glibc)
  import Glibc
#endif

/// How every output file is written: a temporary beside the target renamed over it on commit;
/// symbolic links written through; devices and FIFOs written in place; permission bits kept.
@Suite("OutputFileWriter")
struct OutputFileWriterTests {
  /// Root may write any file whatever its mode, so permission refusals cannot be seen as root.
  static let runningAsRoot = geteuid() == 0

  static func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
  }

  static func status(_ path: String, followingLinks: Bool = true) -> stat? {
    var status = stat()
    let result = followingLinks ? stat(path, &status) : lstat(path, &status)
    return result == 0 ? status : nil
  }

  /// The names in `directory` that look like this writer's temporaries (`.NAME.arsim-XXXXXX`).
  static func temporaries(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix(".") && $0.contains(".arsim-") }.sorted()
  }

  @Test("A new file appears, complete, only at commit; the temporary is hidden beside it")
  func newFileAppearsAtCommit() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.json").path
    let writer = try OutputFileWriter(path: path, bufferSize: 4)
    try writer.write(Array("hello, ".utf8))
    try writer.write(Array("world\n".utf8))
    #expect(!FileManager.default.fileExists(atPath: path))
    let pending = try Self.temporaries(in: directory)
    #expect(pending.count == 1)
    #expect(pending.first?.hasPrefix(".out.json.arsim-") == true)
    #expect(pending.first?.count == ".out.json.arsim-".count + 6)
    #expect(TemporaryFiles.live.contains(directory.appendingPathComponent(pending[0]).path))
    try writer.commit()
    #expect(Self.bytes(path) == Array("hello, world\n".utf8))
    #expect(try Self.temporaries(in: directory).isEmpty)
    #expect(writer.byteCount == 13)
  }

  @Test("A new file gets mode 0666 less the umask, as open(2) would give it")
  func newFileModeFollowsTheUmask() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // What the kernel gives a file created with 0666 here is the reference.
    let reference = directory.appendingPathComponent("reference").path
    let fd = open(reference, O_WRONLY | O_CREAT | O_EXCL, 0o666)
    #expect(fd >= 0)
    close(fd)
    let path = directory.appendingPathComponent("new.txt").path
    let writer = try OutputFileWriter(path: path)
    try writer.commit()
    let expected = try #require(Self.status(reference)).st_mode & 0o7777
    #expect(try #require(Self.status(path)).st_mode & 0o7777 == expected)
  }

  @Test("An existing file is replaced at commit and keeps its permission bits")
  func existingFileKeepsItsMode() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("old.txt").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("old\n".utf8)))
    #expect(chmod(path, 0o640) == 0)
    let oldInode = try #require(Self.status(path)).st_ino
    let writer = try OutputFileWriter(path: path)
    try writer.write(Array("new\n".utf8))
    #expect(Self.bytes(path) == Array("old\n".utf8))  // untouched until commit
    try writer.commit()
    #expect(Self.bytes(path) == Array("new\n".utf8))
    let status = try #require(Self.status(path))
    #expect(status.st_mode & 0o7777 == 0o640)
    #expect(status.st_ino != oldInode)  // replaced by rename, not rewritten
  }

  @Test("Released or discarded without commit: the target is untouched, the temporary removed")
  func discardLeavesTheTargetUntouched() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("keep.txt").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("keep\n".utf8)))
    do {
      let writer = try OutputFileWriter(path: path, bufferSize: 1)
      try writer.write(Array("partial".utf8))
      #expect(try Self.temporaries(in: directory).count == 1)
    }  // released here
    #expect(try Self.temporaries(in: directory).isEmpty)
    let writer = try OutputFileWriter(path: path)
    try writer.write(Array("partial".utf8))
    writer.discard()
    writer.discard()  // a second discard does nothing
    #expect(Self.bytes(path) == Array("keep\n".utf8))
    #expect(try Self.temporaries(in: directory).isEmpty)
  }

  @Test("A symbolic link is written through to its target and stays a link")
  func symbolicLinkIsWrittenThrough() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sub = directory.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
    let target = sub.appendingPathComponent("real.txt").path
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
    #expect(chmod(target, 0o600) == 0)
    // link1 -> sub/link2 (relative) -> real.txt (relative to sub).
    let link2 = sub.appendingPathComponent("link2").path
    let link1 = directory.appendingPathComponent("link1").path
    #expect(symlink("real.txt", link2) == 0)
    #expect(symlink("sub/link2", link1) == 0)
    let writer = try OutputFileWriter(path: link1)
    try writer.write(Array("new".utf8))
    // The temporary sits beside the real file, where the rename can land.
    #expect(try Self.temporaries(in: sub).count == 1)
    try writer.commit()
    #expect(Self.bytes(target) == Array("new".utf8))
    #expect(try #require(Self.status(link1, followingLinks: false)).st_mode & S_IFMT == S_IFLNK)
    #expect(try #require(Self.status(link2, followingLinks: false)).st_mode & S_IFMT == S_IFLNK)
    #expect(try #require(Self.status(target)).st_mode & 0o7777 == 0o600)
  }

  @Test("A dangling link creates the file it points to")
  func danglingLinkCreatesItsTarget() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("link").path
    #expect(symlink("created.txt", link) == 0)
    let writer = try OutputFileWriter(path: link)
    try writer.write(Array("x".utf8))
    try writer.commit()
    #expect(Self.bytes(directory.appendingPathComponent("created.txt").path) == [0x78])
    #expect(try #require(Self.status(link, followingLinks: false)).st_mode & S_IFMT == S_IFLNK)
  }

  @Test("A link loop, a directory and a missing directory are named errors")
  func unwritableTargetsAreNamed() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let loop = directory.appendingPathComponent("loop").path
    #expect(symlink("loop", loop) == 0)
    let missing = directory.appendingPathComponent("no/such/out.json").path
    let cases: [(String, String)] = [
      (directory.path, "\(directory.path): cannot write the file: Is a directory"),
      (missing, "\(missing): cannot write the file: No such file or directory"),
      (loop, "\(loop): cannot write the file: Too many levels of symbolic links"),
    ]
    for (path, message) in cases {
      let error = #expect(throws: InputFileError.self) { _ = try OutputFileWriter(path: path) }
      #expect(error?.kind == .io)
      #expect(error?.description == message)
    }
    #expect(try Self.temporaries(in: directory).isEmpty)
  }

  @Test(
    "A file the user may not write is refused before anything is written",
    .disabled(if: runningAsRoot, "root may write any file whatever its mode"))
  func readOnlyFileIsRefused() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("locked.txt").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("locked".utf8)))
    #expect(chmod(path, 0o444) == 0)
    let error = #expect(throws: InputFileError.self) { _ = try OutputFileWriter(path: path) }
    #expect(error?.description == "\(path): cannot write the file: Permission denied")
    #expect(Self.bytes(path) == Array("locked".utf8))
  }

  @Test("A character device is written in place, never replaced")
  func characterDeviceIsWrittenInPlace() throws {
    let writer = try OutputFileWriter(path: "/dev/null")
    #expect(!writer.replacesTarget)
    try writer.write(Array("gone".utf8))
    try writer.commit()
    #expect(try #require(Self.status("/dev/null")).st_mode & S_IFMT == S_IFCHR)
  }

  @Test("/dev/full: the write fails with the system's reason")
  func fullDeviceFails() throws {
    let writer = try OutputFileWriter(path: "/dev/full")
    try writer.write(Array("x".utf8))
    let error = #expect(throws: InputFileError.self) { try writer.commit() }
    #expect(error?.description == "/dev/full: cannot write the file: No space left on device")
  }

  @Test("A FIFO is written in place: the reader gets the bytes and the FIFO stays")
  func fifoIsWrittenInPlace() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = Received()
    let reader = Thread {
      let fd = open(fifo, O_RDONLY)
      var all: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while fd >= 0 {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if count <= 0 { break }
        all += chunk[..<count]
      }
      close(fd)
      received.set(all)
    }
    reader.start()
    let writer = try OutputFileWriter(path: fifo)  // opens once the reader has
    #expect(!writer.replacesTarget)
    try writer.write(Array("through the pipe\n".utf8))
    try writer.commit()
    let bytes = received.wait()
    #expect(bytes == Array("through the pipe\n".utf8))
    #expect(try #require(Self.status(fifo)).st_mode & S_IFMT == S_IFIFO)
  }

  @Test("Two writers of one path never interleave: the last to commit leaves its whole file")
  func concurrentWritersDoNotInterleave() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("shared.txt").path
    let first = try OutputFileWriter(path: path, bufferSize: 1)
    let second = try OutputFileWriter(path: path, bufferSize: 1)
    try first.write(Array("AAAA".utf8))
    try second.write(Array("BBBBBBBB".utf8))
    try first.write(Array("AAAA".utf8))
    try second.commit()
    #expect(Self.bytes(path) == Array("BBBBBBBB".utf8))
    try first.write(Array("AAAA".utf8))
    try first.commit()
    #expect(Self.bytes(path) == Array("AAAAAAAAAAAA".utf8))
    #expect(try Self.temporaries(in: directory).isEmpty)
  }

  @Test("A sink receives the bytes in pieces, the rest at commit")
  func sinkReceivesTheBytes() throws {
    let received = Received()
    let writer = OutputFileWriter(name: "<stdout>", bufferSize: 4) { bytes in
      received.append(bytes)
    }
    try writer.write(Array("abcdef".utf8))
    #expect(received.value == Array("abcdef".utf8))
    try writer.write(Array("gh".utf8))
    #expect(received.value == Array("abcdef".utf8))
    try writer.commit()
    #expect(received.value == Array("abcdefgh".utf8))
  }

  @Test("The in-place copy used when a rename is refused copies the whole file")
  func copyInPlaceCopiesEverything() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("source").path
    let target = directory.appendingPathComponent("target").path
    // 200 000 bytes: more than the 64 KiB chunk, not a multiple of it.
    let content = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    #expect(FileManager.default.createFile(atPath: source, contents: Data(content)))
    #expect(
      FileManager.default.createFile(atPath: target, contents: Data(repeating: 1, count: 300_000)))
    let inode = try #require(Self.status(target)).st_ino
    try OutputFileWriter.copyContents(of: source, into: target, name: target)
    #expect(Self.bytes(target) == content)
    #expect(try #require(Self.status(target)).st_ino == inode)
  }

  @Test("Paths that name one file have one canonical target")
  func canonicalTargets() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("a.json").path
    #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
    let link = directory.appendingPathComponent("b.json").path
    #expect(symlink("a.json", link) == 0)
    let dotted = directory.path + "/./a.json"
    let new = directory.appendingPathComponent("new.json").path
    #expect(
      OutputFileWriter.canonicalTarget(of: file) == OutputFileWriter.canonicalTarget(of: dotted))
    #expect(
      OutputFileWriter.canonicalTarget(of: link) == OutputFileWriter.canonicalTarget(of: file))
    #expect(OutputFileWriter.canonicalTarget(of: new) != OutputFileWriter.canonicalTarget(of: file))
    #expect(OutputFileWriter.canonicalTarget(of: "/dev/null") == nil)
    #expect(FileIdentity(path: file) != nil)
    #expect(FileIdentity(path: link) == FileIdentity(path: file))
    #expect(FileIdentity(path: new) == nil)
  }

  @Test("Recordings are written through the writer: an interrupted JSON Lines write leaves nothing")
  func recordingWritersAreAtomic() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("r.jsonl").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("previous\n".utf8)))
    let header = RecordingHeader()
    let camera = RecordingCamera(
      transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
      intrinsics: [1000, 0, 0, 0, 1000, 0, 500, 400, 1],
      imageResolution: Size(width: 1000, height: 800))
    do {
      var writer = try RecordingJSONLinesWriter(path: path, header: header)
      try writer.write(RecordingFrame(timestamp: 0, camera: camera))
      // A frame out of order: refused, and the writer is then dropped without close().
      #expect(throws: InputFileError.self) {
        try writer.write(RecordingFrame(timestamp: -1, camera: camera))
      }
    }
    #expect(Self.bytes(path) == Array("previous\n".utf8))
    #expect(try Self.temporaries(in: directory).isEmpty)
    var writer = try RecordingJSONLinesWriter(path: path, header: header)
    try writer.write(RecordingFrame(timestamp: 0, camera: camera))
    try writer.close()
    let recording = try Recording(contentsOfFile: path)
    #expect(recording.frames.count == 1)
  }
}

/// Bytes gathered on another thread.
private final class Received: @unchecked Sendable {
  private let lock = NSCondition()
  private var bytes: [UInt8] = []
  private var done = false

  func append(_ more: [UInt8]) { lock.withLock { bytes += more } }
  var value: [UInt8] { lock.withLock { bytes } }

  func set(_ all: [UInt8]) {
    lock.withLock {
      bytes = all
      done = true
      lock.broadcast()
    }
  }

  func wait() -> [UInt8] {
    lock.lock()
    defer { lock.unlock() }
    while !done { lock.wait() }
    return bytes
  }
}
