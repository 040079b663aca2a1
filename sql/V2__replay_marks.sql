-- Replays (barb replay): a replayed request is stored like any other, marked with the request it replays and how
-- it ran, so analytics can include or exclude replays. A shadow replay's chat_logs row keeps the original's
-- chat_id for analysis, but is never shown in the chat, counted in its stats, or allowed to change its title
-- or memory (the trace-sink and the gateway check replay_mode).
alter table public.chat_logs add column if not exists replay_of uuid null;
alter table public.chat_logs add column if not exists replay_mode text null;
alter table public.chat_logs drop constraint if exists chat_logs_replay_mode_check;
alter table public.chat_logs add constraint chat_logs_replay_mode_check
  check (replay_mode is null or replay_mode in ('shadow', 'into_chat'));

-- On the traces too, so per-agent analytics over request_traces alone can leave replays out.
alter table public.request_traces add column if not exists replay_of uuid null;

create index if not exists idx_chat_logs_replay_of on public.chat_logs (replay_of) where replay_of is not null;
create index if not exists idx_traces_replay_of on public.request_traces (replay_of) where replay_of is not null;

comment on column public.chat_logs.replay_of is 'the request this one replays (barb replay); null for a user''s own request';
comment on column public.chat_logs.replay_mode is 'shadow: invisible to the user; into_chat: re-run into the chat';
comment on column public.request_traces.replay_of is 'the request the traced request replays; null for a user''s own request';
