import Dispatch
import Foundation
import Testing
import _TestSupport

@testable import SceneFormat

#if canImport(Glibc)
  import Glibc
#endif

/// What the readers open by name: regular files (and directories, refused on the first read
/// with the system's reason); FIFOs, sockets and devices are refused by their kind at once.
@Suite("FileReading")
struct FileReadingTests {
  /// Runs `body` on its own thread and waits up to a minute (a guard against a hang, not a
  /// timing check). When it has not returned, opens `fifo` for writing and closes it, which
  /// releases a reader blocked on it, and records the failure.
  static func withoutHanging<T: Sendable>(
    onFIFO fifo: String, _ body: @escaping @Sendable () -> T
  ) -> T? {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: T?
    Thread {
      result = body()
      done.signal()
    }.start()
    if done.wait(timeout: .now() + .seconds(60)) == .timedOut {
      Issue.record("reading \(fifo) blocked waiting for a writer")
      close(open(fifo, O_RDWR | O_NONBLOCK))
      done.wait()
    }
    return result
  }

  @Test("A FIFO is refused by its kind without waiting for a writer")
  func fifoIsRefused() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let error = Self.withoutHanging(onFIFO: fifo) { () -> InputFileError? in
      do {
        _ = try FileReading.contents(ofFile: fifo)
        return nil
      } catch let error as InputFileError {
        return error
      } catch {
        return nil
      }
    }
    #expect(error??.kind == .io)
    #expect(error??.description == "\(fifo): cannot read the file: not a regular file (a FIFO)")
  }

  @Test("A character device is refused; a regular file and a link to it are read")
  func devicesAndRegularFiles() throws {
    #expect(throws: InputFileError.self) { try FileReading.contents(ofFile: "/dev/null") }
    do {
      _ = try FileReading.openForReading("/dev/zero")
      Issue.record("/dev/zero was opened")
    } catch {
      #expect(error.message == "cannot read the file: not a regular file (a character device)")
    }
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("a.json").path
    let link = directory.appendingPathComponent("b.json").path
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(try FileReading.contents(ofFile: link) == Array("{}\n".utf8))
    #expect(FileReading.FileKind(path: link) == .regular)
    #expect(FileReading.FileKind(path: directory.path) == .directory)
    #expect(FileReading.FileKind(path: "/dev/null") == .characterDevice)
    #expect(FileReading.FileKind(path: directory.appendingPathComponent("none").path) == nil)
  }
}
