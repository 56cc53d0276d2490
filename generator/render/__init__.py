"""Templates → SVG → PDF sheets: imposition, marks, duplex, tiling, manifest."""
