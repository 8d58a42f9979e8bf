import Foundation
import Placement
import SceneFormat

/// Reads the markers another program showed, one JSON Lines line per frame, in bounded memory
/// (`arsim score --markers FILE`):
///
/// ```json
/// {"frame": 0, "markers": [{"id": 3, "label": "hazard", "position": [0.1, 1.0, -0.6]}]}
/// {"frame": 1, "markers": [{"id": "a7", "label": "fan", "position": [...], "state": "tentative"}]}
/// ```
///
/// `frame` is the 0-based frame index in the recording, lines in increasing frame order; a frame
/// without a line shows no markers. `id` is a string or an integer; `position` is world metres;
/// `state` is optional (`tentative` markers are not shown and not scored; `confirmed` and
/// `coasting` are; default `confirmed`). Other members are ignored, so the lines `arsim replay
/// --out` writes are read as they are. Blank lines are skipped.
public struct MarkersFileReader {
  /// The file name used in errors, as given.
  public let path: String
  let lines: BufferedLineReader
  var pending: (frame: Int, markers: [PlacedMarker], line: Int)?
  var lastFrame: Int?
  var atEnd = false

  /// Opens `path`.
  ///
  /// - Throws: `InputFileError` (`.io`) naming the file and the system's reason when it cannot
  ///   be opened.
  public init(path: String, maximumLineBytes: Int = RecordingLimits.default.maximumLineBytes)
    throws
  {
    try self.init(
      handle: FileReading.openForReading(path), name: path, maximumLineBytes: maximumLineBytes)
  }

  /// Reads an open handle (standard input, a pipe) named `name` in errors.
  public init(
    handle: FileHandle, name: String,
    maximumLineBytes: Int = RecordingLimits.default.maximumLineBytes
  ) {
    path = name
    lines = BufferedLineReader(handle: handle, maximumLineBytes: maximumLineBytes)
  }

  /// The markers of frame `frameIndex`: those of its line, or none when the file has no line for
  /// it. Frames must be asked for in increasing order.
  ///
  /// - Throws: `InputFileError` naming the file, the 1-based line and the JSON path of the first
  ///   bad line read (not JSON, a missing or mistyped member, a position that is not 3 finite
  ///   numbers, an unknown state, a repeated marker id, frames out of order).
  public mutating func markers(forFrame frameIndex: Int) throws -> [PlacedMarker] {
    while true {
      if let pending {
        if pending.frame > frameIndex { return [] }
        guard pending.frame == frameIndex else {
          throw InputFileError(
            .invalidValue,
            "frame \(pending.frame) was not scored (the recording skipped it)",
            path: [.key("frame")], file: path, line: pending.line)
        }
        self.pending = nil
        return pending.markers
      }
      guard let next = try readLine() else { return [] }
      pending = next
    }
  }

  /// Checks that no line is left after the recording's last frame (`frameCount` frames).
  ///
  /// - Throws: `InputFileError` naming the line of a frame past the recording's end.
  public mutating func finish(frameCount: Int) throws {
    if pending == nil { pending = try readLine() }
    if let pending, pending.frame >= frameCount {
      throw InputFileError(
        .invalidValue,
        "frame \(pending.frame) is past the recording's last frame (\(frameCount) frames)",
        path: [.key("frame")], file: path, line: pending.line)
    }
  }

  /// The next non-blank line decoded, or `nil` at the end.
  mutating func readLine() throws -> (frame: Int, markers: [PlacedMarker], line: Int)? {
    guard !atEnd else { return nil }
    while true {
      let bytes: ArraySlice<UInt8>
      do {
        guard let line = try lines.nextLine() else {
          atEnd = true
          return nil
        }
        bytes = line
      } catch let error as InputFileError {
        throw error.located(file: path, line: lines.lineNumber + 1)
      } catch {
        throw InputFileError(.io, "cannot read the file: \(error.localizedDescription)", file: path)
      }
      guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      let number = lines.lineNumber
      do {
        let (frame, markers) = try Self.decodeLine(Array(bytes))
        if let lastFrame, frame <= lastFrame {
          throw InputFileError(
            .invalidValue,
            "frame \(frame) after frame \(lastFrame): lines must be in increasing frame order",
            path: [.key("frame")])
        }
        lastFrame = frame
        return (frame, markers, number)
      } catch let error as InputFileError {
        var located = error
        located.file = path
        located.line = number
        if error.kind != .syntax { located.column = nil }
        throw located
      }
    }
  }

  /// The frame index and markers of one line (its bytes without the newline).
  ///
  /// - Throws: `InputFileError` with the JSON path (and the column of a syntax error).
  package static func decodeLine(_ bytes: [UInt8]) throws -> (frame: Int, markers: [PlacedMarker]) {
    let value = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
    return try decode(value)
  }

  /// The frame index and markers of one line's object.
  static func decode(_ value: JSONValue) throws -> (Int, [PlacedMarker]) {
    guard case .object(let members) = value else {
      throw InputFileError(.typeMismatch, "expected an object, got \(value.typeName)")
    }
    guard let frameValue = members["frame"] else {
      throw InputFileError(.missingField, "missing required member \"frame\"")
    }
    let frame: Int
    do {
      frame = try integer(frameValue, minimum: 0)
    } catch let error as InputFileError {
      throw error.prefixed(.key("frame"))
    }
    guard let markersValue = members["markers"] else {
      throw InputFileError(.missingField, "missing required member \"markers\"")
    }
    var ids = Set<MarkerID>()
    let markers: [PlacedMarker]
    do {
      markers = try markersValue.array { element -> PlacedMarker in
        let marker = try Self.marker(element)
        guard ids.insert(marker.id).inserted else {
          throw InputFileError(
            .invalidValue, "another marker of this frame has the id \(marker.id)",
            path: [.key("id")])
        }
        return marker
      }
    } catch let error as InputFileError {
      throw error.prefixed(.key("markers"))
    }
    return (frame, markers)
  }

  static func marker(_ value: JSONValue) throws -> PlacedMarker {
    guard case .object(let members) = value else {
      throw InputFileError(.typeMismatch, "expected an object, got \(value.typeName)")
    }
    func required(_ key: String) throws -> JSONValue {
      guard let member = members[key] else {
        throw InputFileError(.missingField, "missing required member \"\(key)\"")
      }
      return member
    }
    let id: MarkerID
    switch try required("id") {
    case .string(let text): id = .text(text)
    case .number:
      do {
        id = .number(try integer(try required("id"), minimum: Int.min))
      } catch let error as InputFileError {
        throw error.prefixed(.key("id"))
      }
    case let other:
      throw InputFileError(
        .typeMismatch, "expected a string or an integer, got \(other.typeName)",
        path: [.key("id")])
    }
    let label: String
    do {
      label = try required("label").string()
    } catch let error as InputFileError {
      throw error.kind == .missingField ? error : error.prefixed(.key("label"))
    }
    let position: SIMD3<Float>
    do {
      let numbers = try required("position").numbers(count: 3)
      let floats = numbers.map { Float($0) }
      for (index, (number, float)) in zip(numbers, floats).enumerated()
      where !number.isFinite || !float.isFinite {
        throw InputFileError(
          .invalidValue, "must be a finite number in Float range, got \(number)",
          path: [.index(index)])
      }
      position = SIMD3(floats[0], floats[1], floats[2])
    } catch let error as InputFileError {
      throw error.kind == .missingField ? error : error.prefixed(.key("position"))
    }
    var state = MarkerState.confirmed
    if let stateValue = members["state"] {
      if case .null = stateValue { return PlacedMarker(id: id, label: label, position: position) }
      do {
        let name = try stateValue.string()
        guard let named = MarkerState(rawValue: name) else {
          let valid = MarkerState.allCases.map(\.rawValue).joined(separator: ", ")
          throw InputFileError(.invalidValue, "unknown state \"\(name)\"; valid: \(valid)")
        }
        state = named
      } catch let error as InputFileError {
        throw error.prefixed(.key("state"))
      }
    }
    return PlacedMarker(id: id, label: label, position: position, state: state)
  }

  /// An integer-valued JSON number at least `minimum` that fits in `Int`.
  static func integer(_ value: JSONValue, minimum: Int) throws -> Int {
    let number = try value.number()
    guard number == number.rounded(), abs(number) < 9_007_199_254_740_992,
      number >= Double(minimum)
    else {
      throw InputFileError(
        .invalidValue,
        minimum == 0
          ? "expected an integer >= 0, got \(JSONWriter.text(of: number))"
          : "expected an integer, got \(JSONWriter.text(of: number))")
    }
    return Int(number)
  }
}
