import SceneFormat

extension PlacementHarness {
  /// Scores the markers of a markers file (``MarkersFileReader``) against a recording file: the
  /// recording's frames are played in order and each is given the markers of its line (none
  /// without one). What `arsim score RECORDING --markers FILE` runs; the lines `arsim replay
  /// --out` writes reproduce replay's metrics exactly.
  ///
  /// - Throws: `InputFileError` naming the recording (file, frame, JSON path) or the markers file
  ///   (file, line, JSON path, including a frame past the recording's end); ``HarnessError``
  ///   when the recording has no truth.
  public func score(
    recording recordingPath: String, markers markersPath: String,
    limits: RecordingLimits = .default
  ) throws -> PlacementScore {
    var session = try SimulatedSession(contentsOfFile: recordingPath, limits: limits)
    var reader = try MarkersFileReader(path: markersPath, maximumLineBytes: limits.maximumLineBytes)
    return try score(&session, markers: &reader)
  }

  /// Scores the markers `reader` reads against the rest of `session` (see
  /// ``score(recording:markers:limits:)``).
  ///
  /// - Throws: as ``score(recording:markers:limits:)``.
  public func score(_ session: inout SimulatedSession, markers reader: inout MarkersFileReader)
    throws -> PlacementScore
  {
    var frames = 0
    let score = try run(&session) { frame in
      frames = frame.frameIndex + 1
      return try reader.markers(forFrame: frame.frameIndex)
    }
    try reader.finish(frameCount: frames)
    return score
  }
}
