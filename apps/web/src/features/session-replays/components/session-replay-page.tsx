import ArrowBack from '@mui/icons-material/ArrowBack';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionReplayRecording } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Replayer } from 'rrweb';
import 'rrweb/dist/style.css';
import { formatInstant } from '../../../shared/format';
import { useSessionReplay } from '../api/session-replays';

const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** /admin/session-replays/{replayId}: one recorded session, played back with rrweb's Replayer. */
export function SessionReplayPage() {
  const { replayId = '' } = useParams();
  const recording = useSessionReplay(replayId);
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <IconButton
          component={Link}
          to="/admin/session-replays"
          aria-label="Back to Session Replays"
        >
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
          {recording.data ? `Session of ${recording.data.replay.user.name}` : 'Session Replay'}
        </Typography>
      </Stack>
      {recording.isPending ? (
        <Skeleton variant="rounded" height={480} />
      ) : recording.isError ? (
        <Alert severity="error">{recording.error.message}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {recording.data.replay.user.companyName} ·{' '}
            {formatInstant(recording.data.replay.startedAt)} · roles{' '}
            {recording.data.replay.user.roles.join(', ') || '—'} · permissions{' '}
            {recording.data.replay.user.permissions.join(', ') || '—'}
          </Typography>
          <Player recording={recording.data} />
        </>
      )}
    </Box>
  );
}

function Player({ recording }: { recording: SessionReplayRecording['data'] }) {
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const replayer = useRef<Replayer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const [total, setTotal] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!frame.current || !stage.current) return;
    let player: Replayer;
    try {
      player = new Replayer(recording.events as never, {
        root: frame.current,
        skipInactive: true,
        mouseTail: false,
        showWarning: false,
      });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      return;
    }
    replayer.current = player;
    const meta = player.getMetaData();
    setTotal(meta.totalTime);
    // The recorded page keeps its own size; the stage scales it to fit.
    const fit = () => {
      const width = recording.events.find((event) => event.type === 4)?.data as
        { width?: number; height?: number } | undefined;
      const recordedWidth = width?.width ?? 1440;
      const recordedHeight = width?.height ?? 900;
      const scale = Math.min(1, stage.current!.clientWidth / recordedWidth);
      player.wrapper.style.transform = `scale(${scale})`;
      player.wrapper.style.transformOrigin = 'top left';
      stage.current!.style.height = `${Math.ceil(recordedHeight * scale)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    player.on('finish', () => setPlaying(false));
    // The player's clock means something only once it has been started.
    const tick = window.setInterval(() => {
      if (player.service.state.matches('playing'))
        setAt(Math.min(Math.max(0, player.getCurrentTime()), meta.totalTime));
    }, 250);
    return () => {
      window.clearInterval(tick);
      window.removeEventListener('resize', fit);
      player.destroy();
      replayer.current = null;
    };
  }, [recording]);

  const toggle = () => {
    const player = replayer.current;
    if (!player) return;
    if (playing) {
      player.pause();
      setPlaying(false);
    } else {
      player.play(at >= total ? 0 : at);
      setPlaying(true);
    }
  };

  if (problem) return <Alert severity="error">This recording cannot be played: {problem}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
      <Box
        ref={stage}
        role="region"
        aria-label="Recorded session"
        sx={{ position: 'relative', overflow: 'hidden', bgcolor: 'grey.100', width: '100%' }}
      >
        <Box ref={frame} />
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1.5 }}>
        <Button
          variant="contained"
          onClick={toggle}
          startIcon={playing ? <Pause /> : <PlayArrow />}
          sx={{ minWidth: 110 }}
        >
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Slider
          aria-label="Position in the recording"
          value={Math.min(at, total)}
          max={Math.max(total, 1)}
          onChange={(_event, value) => {
            const offset = value as number;
            setAt(offset);
            if (playing) replayer.current?.play(offset);
            else replayer.current?.pause(offset);
          }}
          sx={{ flex: 1 }}
        />
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 90 }}>
          {clock(Math.min(at, total))} / {clock(total)}
        </Typography>
      </Stack>
    </Paper>
  );
}
