import Foundation
import SpatialMath

/// What the ARKit and ARCore Data Logger importers share: reading the loggers' space-separated
/// text files, their accumulated point cloud, progress over the files' bytes, and validating the
/// result with errors that name the source line of a refused frame.
package enum DataLoggerFiles {
  /// An `.importFormat` error naming `file` and its 1-based `line`.
  package static func error(_ file: String, _ line: Int, _ message: String) -> InputFileError {
    InputFileError(.importFormat, message, file: file, line: line)
  }

  /// The fraction read of a set of files, for a progress display.
  package struct ByteProgress {
    let totalBytes: Int
    var bytesRead = 0

    /// Progress over the total size of `paths` (a missing file counts 0 bytes).
    package init(over paths: [String]) {
      func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
          ?? 0
      }
      totalBytes = max(1, paths.reduce(0) { $0 + size($1) })
    }

    /// Counts `lineBytes` more bytes read and returns the fraction read (0...1).
    package mutating func advance(_ lineBytes: Int) -> Double {
      bytesRead += lineBytes
      return min(1, Double(bytesRead) / Double(totalBytes))
    }
  }

  /// Calls `body` with the numbers of each non-comment, non-blank line and its 1-based number;
  /// `#` lines are collected in `comments` under `"<file>:<line>"`. `onLine` gets each line's
  /// length in bytes, its terminator included.
  package static func forEachDataLine(
    path: String, fileName: String, comments: inout [String: JSONValue],
    maximumLineBytes: Int = RecordingLimits.default.maximumLineBytes,
    onLine: (Int) -> Void = { _ in }, _ body: ([Double], Int) throws -> Void
  ) throws {
    let handle = try FileReading.openForReading(path)
    let lines = BufferedLineReader(handle: handle, maximumLineBytes: maximumLineBytes)
    var fields: [Double] = []
    while true {
      let next: ArraySlice<UInt8>?
      do {
        next = try lines.nextLine()
      } catch let error as InputFileError {
        throw error.located(file: fileName, line: lines.lineNumber + 1)
      } catch {
        throw InputFileError(
          .io, "cannot read the file: \(FileReading.reason(of: error))", file: fileName)
      }
      guard let line = next else { return }
      onLine(line.count + 1)
      let lineNumber = lines.lineNumber
      if line.first == UInt8(ascii: "#") {
        comments["\(fileName):\(lineNumber)"] = .string(String(decoding: line, as: UTF8.self))
        continue
      }
      fields.removeAll(keepingCapacity: true)
      for token in line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
        let text = String(decoding: token, as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
          // Quote at most 32 characters, escaping control and non-ASCII ones, so that a binary
          // file gives a readable message.
          let shown = text.unicodeScalars.prefix(32).map { $0.escaped(asASCII: true) }.joined()
          let more = text.unicodeScalars.count > 32 ? "..." : ""
          throw error(
            fileName, lineNumber,
            "field \(fields.count + 1) \"\(shown)\(more)\" is not a finite number")
        }
        fields.append(value)
      }
      if fields.isEmpty { continue }
      try body(fields, lineNumber)
    }
  }

  /// Checks that a pose line's timestamp increases, in nanoseconds and once converted to the
  /// recording's seconds.
  package static func requireIncreasing(
    nanoseconds: Double, after previousNanoseconds: Double?, file: String, line: Int
  ) throws {
    guard let previousNanoseconds else { return }
    guard nanoseconds > previousNanoseconds else {
      throw error(
        file, line,
        "timestamps must be strictly increasing, got \(JSONWriter.text(of: nanoseconds)) after \(JSONWriter.text(of: previousNanoseconds))"
      )
    }
    guard nanoseconds / 1e9 > previousNanoseconds / 1e9 else {
      throw error(
        file, line,
        "timestamp \(JSONWriter.text(of: nanoseconds)) ns is \(JSONWriter.text(of: nanoseconds / 1e9)) s, "
          + "not after the previous line's \(JSONWriter.text(of: previousNanoseconds / 1e9)) s (the recording "
          + "stores seconds as a Double)")
    }
  }

  /// Refuses one more pose line than `limits` allows frames.
  package static func requireFrameRoom(
    _ count: Int, limits: RecordingLimits, file: String, line: Int
  ) throws {
    guard count < limits.maximumFrames else {
      throw InputFileError(
        .limitExceeded,
        "more than \(limits.maximumFrames) pose lines, the limit on frames (maximumFrames)",
        file: file, line: line)
    }
  }

  /// Reads an accumulated point cloud file: a `#` header, then `x y z c1 c2 c3` per line (world
  /// metres, colour 0–255). Identifiers are the 1-based point numbers in file order; the colours
  /// go into the extra member `colorKey` as `[[c1, c2, c3], ...]`.
  ///
  /// - Parameter colorNames: the three colour channels as the error message spells them
  ///   (`"Y Cb Cr"`).
  /// - Throws: `.importFormat` naming the line, `.limitExceeded` beyond
  ///   ``RecordingLimits/maximumPointsPerFrame``, `.io` when the file cannot be read.
  package static func readPointCloud(
    path: String, fileName: String, colorKey: String, colorNames: String,
    limits: RecordingLimits, comments: inout [String: JSONValue], onLine: (Int) -> Void
  ) throws -> RecordingFeaturePoints {
    var points: [SIMD3<Double>] = []
    var colors: [JSONValue] = []
    try forEachDataLine(
      path: path, fileName: fileName, comments: &comments,
      maximumLineBytes: limits.maximumLineBytes, onLine: onLine
    ) {
      fields, line in
      guard points.count < limits.maximumPointsPerFrame else {
        throw InputFileError(
          .limitExceeded,
          "more than \(limits.maximumPointsPerFrame) points, the limit on feature points in "
            + "a frame (maximumPointsPerFrame; the logger's whole cloud goes into the first frame)",
          file: fileName, line: line)
      }
      guard fields.count == 6 else {
        throw error(fileName, line, "expected 6 numbers (x y z \(colorNames)), got \(fields.count)")
      }
      if let axis = (0..<3).first(where: { !Float(fields[$0]).isFinite }) {
        throw error(
          fileName, line,
          "field \(axis + 1): \(RecordingValidation.floatRangeMessage(fields[axis]))")
      }
      points.append(SIMD3(fields[0], fields[1], fields[2]))
      colors.append(.array(fields[3...5].map { .number($0) }))
    }
    return RecordingFeaturePoints(
      points: points, identifiers: (0..<points.count).map { UInt64($0 + 1) },
      extras: [colorKey: .array(colors)])
  }

  /// Validates `recording`; a frame the format refuses is reported at the pose line it came
  /// from (`frameLines[i]` is frame `i`'s 1-based line in `poseFile`).
  package static func validated(
    _ recording: Recording, frameLines: [Int], poseFile: String
  ) throws -> Recording {
    do {
      try recording.validate()
    } catch let error as InputFileError {
      guard let index = error.frameIndex, frameLines.indices.contains(index) else { throw error }
      throw Self.error(poseFile, frameLines[index], "\(error.jsonPath): \(error.message)")
    }
    return recording
  }
}
