import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens and reads files for the readers of this package and the command-line tool, with the
/// operating system's reason in every error (`cannot read the file: No such file or directory`,
/// `Is a directory`, `Permission denied`: `strerror`'s text for the `errno` the call set).
package enum FileReading {
  /// `strerror`'s text for `code`, e.g. `No such file or directory` for `ENOENT`.
  package static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// The system's reason for a failed `FileHandle` call (`strerror` for POSIX errors), else the
  /// error's own description.
  package static func reason(of error: any Error) -> String {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return reason(Int32(error.code)) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return reason(Int32(underlying.code))
    }
    return error.localizedDescription
  }

  /// The whole contents of the file at `path`, refused past `maximumBytes` (read no further).
  ///
  /// - Parameters:
  ///   - maximumBytes: the largest file accepted.
  ///   - limitName: the ``RecordingLimits`` property named in the limit error.
  /// - Throws: `InputFileError` of kind `.io` naming `path` with the system's reason (a
  ///   directory fails with `Is a directory` on the first read), or `.limitExceeded` naming
  ///   `path` and the limit when the file is longer than `maximumBytes`.
  package static func contents(
    ofFile path: String, maximumBytes: Int = Int.max,
    limitName: String = "maximumDocumentBytes"
  ) throws(InputFileError) -> [UInt8] {
    let handle = try openForReading(path)
    return try readToEnd(
      handle.fileDescriptor, name: path, maximumBytes: maximumBytes, limitName: limitName)
  }

  /// The error for an input longer than `maximumBytes`: `FILE: longer than 67108864 bytes, the
  /// limit (maximumDocumentBytes)`.
  package static func tooLong(_ name: String, maximumBytes: Int, limitName: String)
    -> InputFileError
  {
    InputFileError(
      .limitExceeded, "longer than \(maximumBytes) bytes, the limit (\(limitName))", file: name)
  }

  /// Opens `path` for reading; the handle closes the file when released.
  ///
  /// Only a regular file (or a directory, which fails with `Is a directory` on the first read)
  /// is read by name: a FIFO, socket or device is refused at once, by its kind, instead of
  /// waiting for a writer that may never come (standard input, `-` for the tool, is the way to
  /// read a pipe). The file is opened with `O_NONBLOCK` and its type checked on the descriptor,
  /// so neither opening a FIFO nor a file replaced between the check and the open blocks.
  ///
  /// - Throws: `InputFileError` of kind `.io` naming `path` with the system's reason, or with
  ///   `not a regular file (a FIFO)` (``FileKind``).
  package static func openForReading(_ path: String) throws(InputFileError) -> FileHandle {
    var status = stat()
    if stat(path, &status) == 0 { try requireReadable(FileKind(mode: status.st_mode), path) }
    let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    guard fd >= 0 else {
      throw InputFileError(.io, "cannot read the file: \(reason(errno))", file: path)
    }
    let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    guard fstat(fd, &status) == 0 else {
      throw InputFileError(.io, "cannot read the file: \(reason(errno))", file: path)
    }
    try requireReadable(FileKind(mode: status.st_mode), path)
    // Regular files ignore O_NONBLOCK; clear it anyway so reads keep their blocking meaning.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return handle
  }

  private static func requireReadable(_ kind: FileKind, _ path: String) throws(InputFileError) {
    guard kind.isReadByName else {
      throw InputFileError(.io, "cannot read the file: \(kind.refusal)", file: path)
    }
  }

  /// The type of a file, as `stat`'s `st_mode` gives it: what a path names before it is read.
  package enum FileKind: Sendable, Hashable {
    case regular, directory, fifo, socket, characterDevice, blockDevice, symbolicLink, other

    /// The kind in `mode` (`st_mode`).
    package init(mode: mode_t) {
      self =
        switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFLNK: .symbolicLink
        default: .other
        }
    }

    /// The kind of the file `path` names (symbolic links followed), or `nil` when it cannot be
    /// looked up (missing, no permission on a directory on the way).
    package init?(path: String) {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      self.init(mode: status.st_mode)
    }

    /// Whether readers open it by name: a regular file, or a directory (whose read fails with
    /// the system's `Is a directory`).
    package var isReadByName: Bool { self == .regular || self == .directory }

    /// The kind in words, with its article (`a FIFO`).
    package var description: String {
      switch self {
      case .regular: "a regular file"
      case .directory: "a directory"
      case .fifo: "a FIFO"
      case .socket: "a socket"
      case .characterDevice: "a character device"
      case .blockDevice: "a block device"
      case .symbolicLink: "a symbolic link"
      case .other: "an unknown kind of file"
      }
    }

    /// Why a file of this kind is not read: `not a regular file (a FIFO)`.
    package var refusal: String { "not a regular file (\(description))" }
  }

  /// Reads `fd` to its end, retrying interrupted reads.
  ///
  /// - Throws: `InputFileError` of kind `.io` naming `name` with the system's reason.
  package static func readToEnd(
    _ fd: Int32, name: String, maximumBytes: Int = Int.max,
    limitName: String = "maximumDocumentBytes"
  ) throws(InputFileError) -> [UInt8] {
    let bytes: [UInt8]
    do {
      bytes = try readToEnd(fd, stoppingAfter: maximumBytes)
    } catch {
      throw InputFileError(.io, "cannot read the file: \(error.reason)", file: name)
    }
    guard bytes.count <= maximumBytes else {
      throw tooLong(name, maximumBytes: maximumBytes, limitName: limitName)
    }
    return bytes
  }

  /// A failed system call: its `errno`.
  package struct SystemCallError: Error, Sendable {
    /// The `errno` value.
    package let code: Int32
    /// `strerror`'s text for ``code``.
    package var reason: String { FileReading.reason(code) }
  }

  /// Reads `fd` to its end, retrying interrupted reads, or stops once more than `maximumBytes`
  /// have been read (the result then holds `maximumBytes + 1` bytes: the caller refuses it).
  ///
  /// - Throws: `SystemCallError` with `read`'s `errno` (`EISDIR` for a directory, `EBADF` for
  ///   a closed descriptor).
  package static func readToEnd(_ fd: Int32, stoppingAfter maximumBytes: Int = Int.max)
    throws(SystemCallError) -> [UInt8]
  {
    var bytes: [UInt8] = []
    while true {
      let start = bytes.count
      if start > maximumBytes { return bytes }
      let remaining = maximumBytes - start
      let chunk = remaining >= 1 << 16 ? 1 << 16 : remaining + 1
      bytes.append(contentsOf: repeatElement(0, count: chunk))
      let count = bytes.withUnsafeMutableBytes { buffer in
        read(fd, buffer.baseAddress! + start, chunk)
      }
      if count < 0 {
        let code = errno
        bytes.removeSubrange(start...)
        if code == EINTR { continue }
        throw SystemCallError(code: code)
      }
      bytes.removeSubrange((start + count)...)
      if count == 0 { return bytes }
    }
  }
}
