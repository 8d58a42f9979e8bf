import ARSimulation

/// A frame's recorded depth maps, converted (``RecordingFrame/depthData()``).
package struct RecordedDepthData: Sendable {
  /// `sceneDepth`, or `nil` when not recorded.
  package var sceneDepth: DepthData? = nil
  /// `smoothedSceneDepth`, or `nil` when not recorded.
  package var smoothedSceneDepth: DepthData? = nil
}

extension RecordingFrame {
  /// The frame's `sceneDepth` and `smoothedSceneDepth` as `DepthData`.
  ///
  /// - Throws: ``InputFileError`` at `sceneDepth` or `smoothedSceneDepth` (as
  ///   ``RecordingDepth/depthData()``).
  package func depthData() throws -> RecordedDepthData {
    func converted(_ key: String, _ depth: RecordingDepth?) throws -> DepthData? {
      do { return try depth?.depthData() } catch let error as InputFileError {
        throw error.prefixed(.key(key))
      }
    }
    return RecordedDepthData(
      sceneDepth: try converted("sceneDepth", sceneDepth),
      smoothedSceneDepth: try converted("smoothedSceneDepth", smoothedSceneDepth))
  }
}
