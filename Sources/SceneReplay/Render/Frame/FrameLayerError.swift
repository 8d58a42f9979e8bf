/// Why a frame picture cannot draw a layer it was asked for
/// (``FrameRenderer/requireLayers(in:)``). The description names the frame and, for depth, the
/// frames that have it; callers add the file and the option.
public enum FrameLayerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The frame has no map of `layer`; `framesWithDepth` lists the replayed frames that have one
  /// (0-based, in order; empty when none has).
  case noDepth(frameIndex: Int, layer: FrameRenderer.DepthLayer, framesWithDepth: [Int])
  /// The recording's truth has no surfaces to draw as a wireframe.
  case noTruthSurfaces

  /// How many frames with depth the description lists before "and N more".
  static let listedFrameCount = 12

  /// What is missing: `frame 149 has no sceneDepth; frames with sceneDepth: 0, 15, 30, ...`.
  public var description: String {
    switch self {
    case .noDepth(let frame, let layer, let frames):
      guard !frames.isEmpty else {
        return "frame \(frame) has no \(layer.rawValue), and no frame of the recording has "
          + "(a device without LiDAR, or a recording made without depth)"
      }
      var list = frames.prefix(Self.listedFrameCount).map(String.init).joined(separator: ", ")
      if frames.count > Self.listedFrameCount {
        list += " and \(frames.count - Self.listedFrameCount) more"
      }
      return "frame \(frame) has no \(layer.rawValue); frames with \(layer.rawValue): \(list)"
    case .noTruthSurfaces:
      return "the recording's truth has no surfaces (truth.surfaces) to draw as a wireframe"
    }
  }
}
