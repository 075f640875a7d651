import Box from '@mui/material/Box';
import type { Rotation } from '@portal/domain';

interface RasterViewProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  zoom: number;
  rotation: Rotation;
}

/** A picture at a zoom step and a quarter turn, taking the room its rotated size needs. */
export function RasterView({ src, alt, width, height, zoom, rotation }: RasterViewProps) {
  const shownWidth = width * zoom;
  const shownHeight = height * zoom;
  const sideways = rotation % 180 !== 0;
  return (
    <Box
      sx={{
        position: 'relative',
        flex: 'none',
        m: 'auto',
        width: sideways ? shownHeight : shownWidth,
        height: sideways ? shownWidth : shownHeight,
        boxShadow: 2,
        bgcolor: 'common.white',
      }}
    >
      <img
        src={src}
        alt={alt}
        draggable={false}
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: shownWidth,
          height: shownHeight,
          maxWidth: 'none',
          transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
        }}
      />
    </Box>
  );
}
