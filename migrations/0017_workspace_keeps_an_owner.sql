-- A workspace with members always has an owner. better-auth checks it before a role change, a
-- removal or a leave, then writes in another statement; the calls take turns for that
-- (server/auth/membership-turns.ts), and this trigger refuses any write that would still leave
-- members without an owner, whatever made it. It locks the workspace's row first, so of two
-- such writes at once the second counts the owners after the first has committed. A workspace
-- being deleted, or whose last member goes, is not held to it.
create function member_keeps_an_owner() returns trigger language plpgsql as $$
begin
  if not ('owner' = any (string_to_array(old.role, ','))) then
    return null;
  end if;
  perform 1 from organization where id = old."organizationId" for no key update;
  if not found then
    return null;
  end if;
  if exists (select 1 from member where "organizationId" = old."organizationId")
    and not exists (
      select 1 from member
      where "organizationId" = old."organizationId" and 'owner' = any (string_to_array(role, ','))
    ) then
    raise exception 'A workspace must keep an owner'
      using errcode = '23514', constraint = 'member_keeps_an_owner';
  end if;
  return null;
end
$$;

create trigger member_keeps_an_owner
  after update of role or delete on member
  for each row execute function member_keeps_an_owner();
