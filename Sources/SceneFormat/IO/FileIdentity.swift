import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's identity on this machine: its device and inode numbers (after following symbolic
/// links). Two paths with the same identity are the same file, whatever their spelling, links
/// or hard links; used to refuse an output that is one of a command's inputs.
package struct FileIdentity: Sendable, Hashable {
  /// `st_dev`.
  package let device: UInt64
  /// `st_ino`.
  package let inode: UInt64

  /// The identity of the file at `path`, or `nil` when it does not exist or cannot be looked up.
  package init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The identity of the file open on `descriptor`, or `nil` when it is not open.
  package init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status)
  }

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// The identity of the directory an output written to `path` lands in (links followed to the
  /// file they name), or `nil` when that cannot be worked out (the writer reports why later).
  package init?(directoryOfOutput path: String) {
    guard case .regular(let target, _)? = try? OutputFileWriter.resolve(path) else { return nil }
    self.init(path: OutputFileWriter.directory(of: target))
  }
}
