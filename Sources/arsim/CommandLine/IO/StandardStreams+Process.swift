import Foundation
import SceneFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension StandardStreams {
  /// The process's descriptors 0, 1 and 2, prepared on first use (which `main` makes the very
  /// first thing the tool does):
  ///
  /// - `SIGPIPE` is ignored, so a write to a closed pipe fails with `EPIPE` and the tool can exit
  ///   141 cleanly instead of being killed mid-write.
  /// - A descriptor that is closed at start is remembered as closed and `/dev/null` is opened in
  ///   its place, so that no file the tool opens later lands on 0, 1 or 2 (a closed stdout must
  ///   not turn a recording into "standard output"). Reading a closed stdin or writing a closed
  ///   stdout is then a named error; output for a closed stderr is dropped.
  static let process: StandardStreams = {
    signal(SIGPIPE, SIG_IGN)
    // Writing past `ulimit -f` fails with EFBIG ("File too large", a named error) instead of
    // killing the tool.
    signal(SIGXFSZ, SIG_IGN)
    _ = TemporaryFileCleanup.install
    var closed = [false, false, false]
    for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      closed[Int(fd)] = true
      _ = open("/dev/null", O_RDWR)  // takes the lowest free descriptor: this one
    }
    let (inputClosed, outputClosed, errorClosed) = (closed[0], closed[1], closed[2])
    return StandardStreams(
      readInput: { (maximumBytes: Int) throws(Failure) in
        guard !inputClosed else { throw .failed("<stdin>: cannot read: standard input is closed") }
        do throws(FileReading.SystemCallError) {
          return try FileReading.readToEnd(STDIN_FILENO, stoppingAfter: maximumBytes)
        } catch {
          throw .failed("<stdin>: cannot read: \(error.reason)")
        }
      },
      openInput: { () throws(Failure) in
        guard !inputClosed else { throw .failed("<stdin>: cannot read: standard input is closed") }
        let copy = dup(STDIN_FILENO)
        guard copy >= 0 else { throw .failed("<stdin>: cannot read: \(FileReading.reason(errno))") }
        return FileHandle(fileDescriptor: copy, closeOnDealloc: true)
      },
      writeOutput: { bytes throws(Failure) in
        guard !outputClosed else {
          throw .failed("cannot write standard output: it is closed")
        }
        try writeAll(bytes, to: STDOUT_FILENO)
      },
      writeError: { text in
        guard !errorClosed else { return }
        try? writeAll(Array(text.utf8), to: STDERR_FILENO)
      },
      errorIsTerminal: !errorClosed && isatty(STDERR_FILENO) != 0,
      inputIdentity: inputClosed ? nil : FileIdentity(descriptor: STDIN_FILENO))
  }()

  /// Writes every byte to `fd` (`DescriptorWriting.writeAll`): a broken pipe is
  /// ``Failure/brokenPipe``, another error a failure naming the stream.
  private static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(Failure) {
    guard let code = DescriptorWriting.writeAll(bytes, to: fd) else { return }
    if code == EPIPE { throw .brokenPipe }
    let stream = fd == STDOUT_FILENO ? "standard output" : "standard error"
    throw .failed("cannot write \(stream): \(FileReading.reason(code))")
  }
}
