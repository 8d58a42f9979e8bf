#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// Writing to a raw file descriptor, shared by the output files and the standard streams.
package enum DescriptorWriting {
  /// Writes every byte to `fd`, retrying interrupted and partial writes and waiting while a
  /// non-blocking descriptor is full.
  ///
  /// - Returns: `nil` when every byte is written, else the `errno` of the write that failed
  ///   (`EPIPE`, `ENOSPC`, ...); the caller names it in its own terms.
  package static func writeAll(_ bytes: some Collection<UInt8>, to fd: Int32) -> Int32? {
    let contiguous = Array(bytes)
    var offset = 0
    while offset < contiguous.count {
      let count = contiguous.withUnsafeBytes { buffer in
        write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if count >= 0 {
        offset += count
        continue
      }
      let code = errno
      switch code {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&waiting, 1, -1)
      default: return code
      }
    }
    return nil
  }
}
