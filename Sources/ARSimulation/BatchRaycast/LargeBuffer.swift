#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Arrays for large results that are written in full right after allocation.
///
/// A full-frame result (1920x1440 rays: 22 MB) is fresh memory: every 4 KiB page costs a fault
/// and a zeroing on first touch. `uninitialized(count:)` skips Swift's fill (the kernels write
/// every element anyway, so filling would touch each page twice) and, on Linux, asks for
/// transparent huge pages (`madvise(MADV_HUGEPAGE)`) on the 2 MiB-aligned interior of the
/// buffer, so that the first touch costs one fault per 2 MiB where the system offers them. Where
/// it does not (the setting `never`, or no free huge page), the request is ignored.
enum LargeBuffer {
  /// Buffers from this many bytes ask for huge pages (two huge pages: smaller ones rarely
  /// contain an aligned 2 MiB range).
  static let hugePageMinimumBytes = 4 << 20
  /// The huge-page size assumed for alignment (x86-64 and most ARM64 Linux kernels).
  static let hugePageBytes = 2 << 20

  /// An array of `count` elements whose contents are unspecified: the caller must write every
  /// element before reading any.
  static func uninitialized<Element: BitwiseCopyable>(count: Int) -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
      adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      initializedCount = count
    }
  }

  /// An array of `count` copies of `value`, with the huge-page request of
  /// ``uninitialized(count:)`` made before the pages are first touched.
  static func filled<Element: BitwiseCopyable>(count: Int, with value: Element) -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
      adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      buffer.initialize(repeating: value)
      initializedCount = count
    }
  }

  /// Marks the 2 MiB-aligned interior of `buffer` as eligible for transparent huge pages
  /// (Linux); does nothing elsewhere, for small buffers, or when the system refuses.
  static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      guard buffer.count >= hugePageMinimumBytes, let base = buffer.baseAddress else { return }
      let start = (UInt(bitPattern: base) + UInt(hugePageBytes - 1)) & ~UInt(hugePageBytes - 1)
      let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~UInt(hugePageBytes - 1)
      guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(pointer, Int(end - start), Int32(MADV_HUGEPAGE))
    #endif
  }
}
