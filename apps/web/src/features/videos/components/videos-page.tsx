import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useVideos } from '../api/videos-api';

function duration(seconds: number) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** /videos: the training videos with a player; ?video= names the one playing. */
export function VideosPage() {
  const videos = useVideos();
  const [params, setParams] = useSearchParams();
  const playing =
    videos.data?.find((video) => video.slug === params.get('video')) ?? videos.data?.[0];
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1200, mx: 'auto' }}>
      {videos.isPending ? <Skeleton variant="rounded" height={360} /> : null}
      {videos.isError ? <Alert severity="error">The videos could not be loaded.</Alert> : null}
      {videos.data && videos.data.length === 0 ? (
        <Alert severity="info">No training videos yet.</Alert>
      ) : null}
      {playing ? (
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          <Paper
            variant="outlined"
            sx={{ flex: 2, p: 2, width: '100%' }}
            component="section"
            aria-label="Player"
          >
            <Box
              component="video"
              key={playing.slug}
              src={playing.url}
              controls
              preload="metadata"
              aria-label={playing.title}
              sx={{
                width: '100%',
                aspectRatio: '16 / 9',
                bgcolor: 'common.black',
                borderRadius: 1,
              }}
            />
            <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
              {playing.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {playing.description}
            </Typography>
          </Paper>
          <Stack
            spacing={1}
            sx={{ flex: 1, width: '100%' }}
            component="nav"
            aria-label="Training videos"
          >
            {videos.data?.map((video) => (
              <Card
                key={video.slug}
                variant="outlined"
                sx={{ borderColor: video.slug === playing.slug ? 'primary.main' : undefined }}
              >
                <CardActionArea
                  onClick={() => setParams({ video: video.slug })}
                  aria-current={video.slug === playing.slug ? 'true' : undefined}
                  sx={{ p: 1.5 }}
                >
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <PlayCircleOutline color="primary" />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="subtitle2">{video.title}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {duration(video.durationSeconds)}
                      </Typography>
                    </Box>
                  </Stack>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Box>
  );
}
