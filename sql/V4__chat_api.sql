-- The chat API (issue 12 §2): users create, rename and soft-delete their chats and vote on answers.
--
-- Soft delete: a deleted chat keeps its rows (analytics, replays) but nobody sees it again; deleted_at says when.
alter table public.chat_sessions add column if not exists deleted_at timestamptz null;
-- Not valid: rows written before this migration (a predecessor's data) are left alone, new ones are checked.
alter table public.chat_sessions drop constraint if exists chat_sessions_status_check;
alter table public.chat_sessions add constraint chat_sessions_status_check
  check (status in ('active', 'archived', 'deleted')) not valid;

-- Feedback on an answer lives with its chat log: {"vote": "up" | "down", "comment": text | null, "at": timestamp}.
alter table public.chat_logs drop constraint if exists chat_logs_feedback_check;
alter table public.chat_logs add constraint chat_logs_feedback_check
  check (feedback is null or (jsonb_typeof(feedback) = 'object' and feedback ->> 'vote' in ('up', 'down'))) not valid;

-- The chat list: a user's active chats, most recently updated first.
create index if not exists idx_chat_sessions_user_active_updated
  on public.chat_sessions (user_id, updated_at desc) where status = 'active';

-- Users (the authenticated role), only ever on their own rows: V1's policies "Users create own sessions" and
-- "Users update own sessions" already hold them to auth.uid() = user_id; the grants say which columns. They may
-- create a chat (id, title; user_id must be their own), rename or soft-delete it, and vote on their own answers.
-- Everything else stays with the services, as V3 set it.
grant insert (id, user_id, title) on public.chat_sessions to authenticated;
grant update (title, status, deleted_at) on public.chat_sessions to authenticated;
grant update (feedback) on public.chat_logs to authenticated;
drop policy if exists "Users give feedback on own logs" on public.chat_logs;
create policy "Users give feedback on own logs" on public.chat_logs for update to authenticated
  using (auth.uid() = user_id) with check (auth.uid() = user_id);
