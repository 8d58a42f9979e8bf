/// A binary bounding volume hierarchy over triangles, built with the binned surface-area
/// heuristic, in the layout the C kernels read (`arsk_mesh_scene`).
///
/// Nodes are stored depth first (a node's first child follows it), eight 32-bit words each: the
/// box's low corner x, y, z and high corner x, y, z (`Float`), then two `UInt32` bit patterns:
/// `link` (an inner node: the index of its second child; a leaf: its first triangle slot) and
/// `countAxis` (a leaf: its triangle count, 1...`maximumLeafTriangles`; an inner node: 0, with the
/// split axis 0/1/2 in bits 28-29). Boxes are widened by `margin(forMagnitude:)` on every side,
/// so that rounding in the triangle test never lets a ray hit a triangle outside its box.
struct BatchMeshBVH: Sendable {
  /// Eight words per node (see the type's description).
  let nodes: [Float]
  /// Nine floats per triangle slot (`P0`, `P1`, `P2`, world metres), in leaf order.
  let corners: [Float]
  /// Three floats per triangle slot: the normal `(P1 - P0) × (P2 - P0)`
  /// (`BatchMeshTriangleTest.normal`), computed once for the kernels' distance.
  let normals: [Float]
  /// The scene triangle index in each slot.
  let triangleOfSlot: [Int32]
  /// The slot of each scene triangle.
  let slotOfTriangle: [Int32]

  /// Words per node.
  static let nodeWords = 8
  /// The most triangles a leaf holds.
  static let maximumLeafTriangles = 8
  /// Bins per axis for the surface-area heuristic.
  static let binCount = 16
  /// Deeper than this, ranges are halved by position (keeps every path within the kernels'
  /// 64-entry traversal stack).
  static let maximumDepth = 48
  /// Bit position of the split axis in an inner node's `countAxis`.
  static let axisShift: UInt32 = 28

  /// The number of nodes.
  var nodeCount: Int { nodes.count / Self.nodeWords }

  /// The box margin for a scene whose largest coordinate magnitude is `magnitude` metres:
  /// `2^-15 * max(magnitude, 1)` (0.15 mm for a 5 m room). The edge functions' rounding error is
  /// about `2^-24 R² / e` for a ray at distance `R` from an edge of length `e`; the margin covers
  /// it for rays from within the scene's extent and edges down to about 1 cm at 5 m.
  static func margin(forMagnitude magnitude: Float) -> Float {
    max(magnitude, 1) * 0x1p-15
  }

  /// Builds the hierarchy over `corners` (nine finite floats per triangle, scene order).
  init(corners input: [Float]) {
    let n = input.count / 9
    var lo = [SIMD3<Float>](repeating: .zero, count: n)
    var hi = [SIMD3<Float>](repeating: .zero, count: n)
    var magnitude: Float = 0
    input.withUnsafeBufferPointer { c in
      for i in 0..<n {
        let a = SIMD3(c[9 * i], c[9 * i + 1], c[9 * i + 2])
        let b = SIMD3(c[9 * i + 3], c[9 * i + 4], c[9 * i + 5])
        let d = SIMD3(c[9 * i + 6], c[9 * i + 7], c[9 * i + 8])
        lo[i] = pointwiseMin(pointwiseMin(a, b), d)
        hi[i] = pointwiseMax(pointwiseMax(a, b), d)
        magnitude = max(
          magnitude, max(pointwiseMax(lo[i], -lo[i]).max(), pointwiseMax(hi[i], -hi[i]).max()))
      }
    }
    var builder = BatchMeshBVHBuilder(
      lo: lo, hi: hi, margin: Self.margin(forMagnitude: magnitude))
    builder.build()
    let order = builder.order
    var slots = [Int32](repeating: 0, count: n)
    var leafCorners = [Float](repeating: 0, count: 9 * n)
    input.withUnsafeBufferPointer { c in
      leafCorners.withUnsafeMutableBufferPointer { out in
        for (slot, triangle) in order.enumerated() {
          slots[Int(triangle)] = Int32(slot)
          for k in 0..<9 { out[9 * slot + k] = c[9 * Int(triangle) + k] }
        }
      }
    }
    var slotNormals = [Float](repeating: 0, count: 3 * n)
    leafCorners.withUnsafeBufferPointer { c in
      for slot in 0..<n {
        let normal = BatchMeshTriangleTest.normal(c.baseAddress! + 9 * slot)
        (slotNormals[3 * slot], slotNormals[3 * slot + 1], slotNormals[3 * slot + 2]) = normal
      }
    }
    nodes = builder.nodes
    corners = leafCorners
    normals = slotNormals
    triangleOfSlot = order
    slotOfTriangle = slots
  }
}

/// The binned SAH build: an explicit stack of index ranges, partitioned in place.
struct BatchMeshBVHBuilder {
  let lo: [SIMD3<Float>]
  let hi: [SIMD3<Float>]
  let margin: Float
  /// The triangle permutation; a leaf's triangles are a contiguous range of it.
  var order: [Int32]
  var nodes: [Float] = []

  init(lo: [SIMD3<Float>], hi: [SIMD3<Float>], margin: Float) {
    self.lo = lo
    self.hi = hi
    self.margin = margin
    order = (0..<Int32(lo.count)).map { $0 }
  }

  /// A range of `order` to turn into a node; `parent` is the node whose second child it is.
  private struct Task {
    var begin: Int, end: Int, depth: Int
    var parent: Int?
  }

  mutating func build() {
    guard !lo.isEmpty else { return }
    var stack = [Task(begin: 0, end: lo.count, depth: 0, parent: nil)]
    while let task = stack.popLast() {
      let node = nodes.count / BatchMeshBVH.nodeWords
      if let parent = task.parent {
        nodes[parent * BatchMeshBVH.nodeWords + 6] = Float(bitPattern: UInt32(node))
      }
      let (boxLo, boxHi, centroidLo, centroidHi) = bounds(task.begin..<task.end)
      let split = chooseSplit(
        task.begin..<task.end, depth: task.depth, centroidLo: centroidLo, centroidHi: centroidHi,
        area: Self.halfArea(boxLo, boxHi))
      let l = boxLo - margin
      let h = boxHi + margin
      nodes.append(contentsOf: [l.x, l.y, l.z, h.x, h.y, h.z])
      guard let (mid, axis) = split else {
        nodes.append(Float(bitPattern: UInt32(task.begin)))
        nodes.append(Float(bitPattern: UInt32(task.end - task.begin)))
        continue
      }
      nodes.append(Float(bitPattern: 0))
      nodes.append(Float(bitPattern: UInt32(axis) << BatchMeshBVH.axisShift))
      stack.append(Task(begin: mid, end: task.end, depth: task.depth + 1, parent: node))
      stack.append(Task(begin: task.begin, end: mid, depth: task.depth + 1, parent: nil))
    }
  }

  /// Half the surface area of a box (the heuristic only compares ratios).
  static func halfArea(_ l: SIMD3<Float>, _ h: SIMD3<Float>) -> Float {
    let e = pointwiseMax(h - l, .zero)
    return e.x * e.y + e.y * e.z + e.z * e.x
  }

  /// The triangles' box and their centroids' box over `range`.
  private func bounds(
    _ range: Range<Int>
  ) -> (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
    var bl = SIMD3<Float>(repeating: .infinity)
    var bh = SIMD3<Float>(repeating: -.infinity)
    var cl = bl
    var ch = bh
    lo.withUnsafeBufferPointer { lo in
      hi.withUnsafeBufferPointer { hi in
        order.withUnsafeBufferPointer { order in
          for i in range {
            let t = Int(order[i])
            bl = pointwiseMin(bl, lo[t])
            bh = pointwiseMax(bh, hi[t])
            let c = (lo[t] + hi[t]) * 0.5
            cl = pointwiseMin(cl, c)
            ch = pointwiseMax(ch, c)
          }
        }
      }
    }
    return (bl, bh, cl, ch)
  }

  /// Where to split `range` (partitioning `order` in place) and along which axis, or `nil` for a
  /// leaf: the binned surface-area heuristic (traversal and triangle tests costed alike), ranges
  /// halved by position past `maximumDepth` or when every centroid coincides.
  private mutating func chooseSplit(
    _ range: Range<Int>, depth: Int, centroidLo: SIMD3<Float>, centroidHi: SIMD3<Float>,
    area: Float
  ) -> (Int, Int)? {
    let count = range.count
    if count <= 2 { return nil }
    let extent = centroidHi - centroidLo
    if depth >= BatchMeshBVH.maximumDepth || extent.max() <= 0 {
      return count <= BatchMeshBVH.maximumLeafTriangles ? nil : (range.lowerBound + count / 2, 0)
    }
    let bins = BatchMeshBVH.binCount
    var binLo = [SIMD3<Float>](repeating: SIMD3(repeating: .infinity), count: 3 * bins)
    var binHi = [SIMD3<Float>](repeating: SIMD3(repeating: -.infinity), count: 3 * bins)
    var binCount = [Int](repeating: 0, count: 3 * bins)
    let scale = SIMD3<Float>(repeating: Float(bins)) / pointwiseMax(extent, SIMD3(repeating: 1e-30))
    lo.withUnsafeBufferPointer { lo in
      hi.withUnsafeBufferPointer { hi in
        order.withUnsafeBufferPointer { order in
          for i in range {
            let t = Int(order[i])
            let c = (lo[t] + hi[t]) * 0.5
            let b = Self.bin(c, centroidLo, scale, bins)
            for axis in 0..<3 {
              let k = axis * bins + b[axis]
              binLo[k] = pointwiseMin(binLo[k], lo[t])
              binHi[k] = pointwiseMax(binHi[k], hi[t])
              binCount[k] += 1
            }
          }
        }
      }
    }
    var best: (cost: Float, axis: Int, bin: Int) = (.infinity, 0, 0)
    var rightArea = [Float](repeating: 0, count: bins)
    for axis in 0..<3 where extent[axis] > 0 {
      var l = SIMD3<Float>(repeating: .infinity)
      var h = SIMD3<Float>(repeating: -.infinity)
      for b in stride(from: bins - 1, to: 0, by: -1) {
        l = pointwiseMin(l, binLo[axis * bins + b])
        h = pointwiseMax(h, binHi[axis * bins + b])
        rightArea[b] = Self.halfArea(l, h)
      }
      l = SIMD3(repeating: .infinity)
      h = SIMD3(repeating: -.infinity)
      var leftCount = 0
      for b in 0..<(bins - 1) {
        l = pointwiseMin(l, binLo[axis * bins + b])
        h = pointwiseMax(h, binHi[axis * bins + b])
        leftCount += binCount[axis * bins + b]
        guard leftCount > 0, leftCount < count else { continue }
        let cost =
          Self.halfArea(l, h) * Float(leftCount) + rightArea[b + 1] * Float(count - leftCount)
        if cost < best.cost { best = (cost, axis, b) }
      }
    }
    // In units of one triangle test: a leaf costs `count`, a split one traversal step plus the
    // children's tests weighted by the chance (area ratio) that a ray reaching here enters them.
    let splitCost = 1 + best.cost / max(area, 1e-30)
    if count <= BatchMeshBVH.maximumLeafTriangles
      && (best.cost.isInfinite || Float(count) <= splitCost)
    {
      return nil
    }
    guard best.cost.isFinite else { return (range.lowerBound + count / 2, 0) }
    // Partition: bins 0...best.bin on the left.
    var i = range.lowerBound
    var j = range.upperBound - 1
    lo.withUnsafeBufferPointer { lo in
      hi.withUnsafeBufferPointer { hi in
        order.withUnsafeMutableBufferPointer { order in
          func isLeft(_ k: Int) -> Bool {
            let t = Int(order[k])
            return Self.bin((lo[t] + hi[t]) * 0.5, centroidLo, scale, bins)[best.axis] <= best.bin
          }
          while i <= j {
            if isLeft(i) {
              i += 1
            } else {
              order.swapAt(i, j)
              j -= 1
            }
          }
        }
      }
    }
    return (i, best.axis)
  }

  /// The bin of a centroid along each axis.
  @inline(__always)
  private static func bin(
    _ c: SIMD3<Float>, _ origin: SIMD3<Float>, _ scale: SIMD3<Float>, _ bins: Int
  ) -> SIMD3<Int> {
    let f = (c - origin) * scale
    return SIMD3(
      min(Int(max(f.x, 0)), bins - 1), min(Int(max(f.y, 0)), bins - 1),
      min(Int(max(f.z, 0)), bins - 1))
  }
}
