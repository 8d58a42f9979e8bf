// The bridge to the C kernels (`_RaycastKernels`), compiled only where they are built. Everything
// else in the batched raycast is plain Swift, so a binary without the kernels loses no API.
#if canImport(_RaycastKernels)
  import _RaycastKernels

  extension KernelInstructionSet {
    /// The kernels' `ARSK_ISA_*` request.
    var kernelISA: Int32 {
      switch self {
      case .best: Int32(ARSK_ISA_AUTO)
      case .avx512: Int32(ARSK_ISA_AVX512)
      case .avx2: Int32(ARSK_ISA_AVX2)
      case .baseline: Int32(ARSK_ISA_BASELINE)
      }
    }

    /// The variant that runs on this CPU: `"avx512"`, `"avx2"` or `"baseline"`.
    var resolvedName: String {
      switch arsk_isa_resolve(kernelISA) {
      case Int32(ARSK_ISA_AVX512): "avx512"
      case Int32(ARSK_ISA_AVX2): "avx2"
      default: "baseline"
      }
    }
  }

  extension BatchRaycastScene {
    /// Calls `body` with the C view of this scene (pointers valid only inside `body`).
    func withKernelScene<R>(_ body: (UnsafePointer<arsk_scene_soa>) -> R) -> R {
      packed.withUnsafeBufferPointer { p in
        edges.withUnsafeBufferPointer { e in
          edgeRanges.withUnsafeBufferPointer { r in
            var scene = arsk_scene_soa(
              planes: p.baseAddress, plane_count: planes.count, plane_stride: planes.count,
              edges: e.baseAddress, edge_ranges: r.baseAddress, parallel_epsilon: parallelEpsilon,
              cull_back_faces: cullsBackFaces ? 1 : 0)
            return withUnsafePointer(to: &scene) { body($0) }
          }
        }
      }
    }

    /// The ray batch on the kernels: the shared-origin kernel when every ray starts at
    /// `sharedOrigin`, else the brute force; one slice per worker.
    func kernelIntersect(
      _ input: RaySoAPointers, sharedOrigin: (Float, Float, Float)?, slices: [Range<Int>],
      instructionSet: KernelInstructionSet, output: ResultPointers
    ) {
      let isa = instructionSet.kernelISA
      let largestSlice = slices.map(\.count).max() ?? 0
      let scratchBytes =
        sharedOrigin == nil ? 0 : arsk_shared_origin_scratch_bytes(planes.count, largestSlice)
      withKernelScene { scene in
        let job = UnsafeSendable((scene: scene, input: input, output: output))
        Self.runSlices(slices) { range in
          let (scene, input, output) = job.value
          let i = range.lowerBound
          if let origin = sharedOrigin {
            withUnsafeTemporaryAllocation(byteCount: scratchBytes, alignment: 16) { scratch in
              withUnsafePointer(to: origin) { o in
                o.withMemoryRebound(to: Float.self, capacity: 3) { o in
                  arsk_intersect_rays_shared_origin(
                    scene, o, input.dx.baseAddress! + i, input.dy.baseAddress! + i,
                    input.dz.baseAddress! + i, range.count, scratch.baseAddress, scratchBytes,
                    output.t.baseAddress! + i, output.index.baseAddress! + i, isa)
                }
              }
            }
          } else {
            arsk_intersect_rays_soa(
              scene, input.ox.baseAddress! + i, input.oy.baseAddress! + i,
              input.oz.baseAddress! + i, input.dx.baseAddress! + i, input.dy.baseAddress! + i,
              input.dz.baseAddress! + i, range.count, output.t.baseAddress! + i,
              output.index.baseAddress! + i, isa)
          }
        }
      }
    }

    /// The pixel grid on the kernels: `workers` threads take bands of `gridBandRows` rows from a
    /// shared counter, each band to the first worker free (the results do not depend on which).
    func kernelIntersect(
      _ rays: PinholeGridRays, bands: Int, workers: Int, usesTileCulling: Bool,
      instructionSet: KernelInstructionSet, output: ResultPointers
    ) {
      var kernelGrid = rays.kernelGrid
      let scratchBytes =
        usesTileCulling
        ? arsk_pinhole_grid_scratch_bytes(planes.count, UInt32(rays.width)) : 0
      let isa = instructionSet.kernelISA
      let nextBand = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
      nextBand.initialize(to: 0)
      defer { nextBand.deallocate() }
      withKernelScene { scene in
        withUnsafePointer(to: &kernelGrid) { g in
          let job = UnsafeSendable((scene: scene, grid: g, output: output, nextBand: nextBand))
          Self.runSlices((0..<workers).map { $0..<($0 + 1) }) { _ in
            let (scene, g, output, nextBand) = job.value
            withUnsafeTemporaryAllocation(byteCount: max(scratchBytes, 16), alignment: 16) {
              scratch in
              // The planes are prepared once per worker; the counter is only touched by the C
              // side (atomically).
              arsk_intersect_pinhole_grid_bands(
                scene, g, UInt32(Self.gridBandRows), nextBand, scratch.baseAddress, scratchBytes,
                output.t.baseAddress, output.index.baseAddress, isa)
            }
          }
        }
      }
    }
  }

  extension PinholeGridRays {
    /// The kernels' struct.
    var kernelGrid: arsk_pinhole_grid {
      let r = rotation
      return arsk_pinhole_grid(
        fx: fx, fy: fy, pu: pu, pv: pv,
        rotation: (r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]),
        origin: origin, a: a, b: b, c: c, d: d, tx: tx, ty: ty, width: UInt32(width),
        height: UInt32(height))
    }
  }
#else
  extension KernelInstructionSet {
    /// Never asked for: without the kernels no engine resolves to them.
    var resolvedName: String { "swift-simd8" }
  }

  extension BatchRaycastScene {
    /// Unreachable without the kernels (`BatchRaycastEngine.backend` never returns `.kernels`);
    /// runs the Swift SIMD implementation so that it is still correct.
    func kernelIntersect(
      _ input: RaySoAPointers, sharedOrigin: (Float, Float, Float)?, slices: [Range<Int>],
      instructionSet: KernelInstructionSet, output: ResultPointers
    ) {
      for range in slices { simdIntersect(input, range: range, output: output) }
    }

    /// Unreachable without the kernels; runs the Swift SIMD implementation.
    func kernelIntersect(
      _ rays: PinholeGridRays, bands: Int, workers: Int, usesTileCulling: Bool,
      instructionSet: KernelInstructionSet, output: ResultPointers
    ) {
      simdIntersect(rays, rows: 0..<rays.height, output: output)
    }
  }
#endif
