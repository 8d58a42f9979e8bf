import SpatialMath

/// How an app carries a detector box from one frame to the next with sparse optical flow
/// (`VNTrackOpticalFlowRequest`, KLT): sample the flow at a grid of points inside the box and
/// move the box by the componentwise median, which ignores a minority of bad vectors (outliers,
/// points on another surface). Translation only: the box keeps its size.
///
/// Boxes are stored-image pixels (top-left origin), like the flow.
public enum OpticalFlowBoxCarrier {
  /// The points (image pixels) to sample in a box: a `samplesPerSide` x `samplesPerSide` grid at
  /// the centres of equal cells of the box (3 x 3 by default: the centre, the edge midpoints'
  /// inner thirds and the corners' inner thirds).
  public static func samplePixels(in imageRect: Rect, samplesPerSide: Int = 3) -> [Point] {
    let r = imageRect.standardized
    let n = max(1, samplesPerSide)
    var points: [Point] = []
    points.reserveCapacity(n * n)
    for row in 0..<n {
      for column in 0..<n {
        points.append(
          Point(
            x: r.minX + (Double(column) + 0.5) / Double(n) * r.width,
            y: r.minY + (Double(row) + 0.5) / Double(n) * r.height))
      }
    }
    return points
  }

  /// The box moved by the componentwise median of `flows` (pixels; `nil` entries are ignored),
  /// or `nil` when no flow is known.
  public static func carried(_ imageRect: Rect, flows: [Point?]) -> Rect? {
    var xs = flows.compactMap { $0?.x }
    var ys = flows.compactMap { $0?.y }
    guard !xs.isEmpty else { return nil }
    let dx = median(&xs)
    let dy = median(&ys)
    return Rect(
      x: imageRect.origin.x + dx, y: imageRect.origin.y + dy, width: imageRect.size.width,
      height: imageRect.size.height)
  }

  /// The box carried from `source`'s image to `target`'s by `flow`'s measured sparse flow at
  /// ``samplePixels(in:samplesPerSide:)`` (drawing from `random`); `nil` when no sample has flow.
  public static func carry(
    _ imageRect: Rect, from source: Camera, to target: Camera, flow: OpticalFlowSimulator,
    using random: inout SplitMix64
  ) -> Rect? {
    let samples = samplePixels(in: imageRect)
    return carried(
      imageRect, flows: flow.flow(atImagePixels: samples, from: source, to: target, using: &random))
  }
}
