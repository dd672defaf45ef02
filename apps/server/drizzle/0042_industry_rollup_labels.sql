-- The industry rollup gets the label and the visitors of company_daily_stats, whose sum over every division it now
-- is (issue #27): a superadmin's reports of every division read it instead of 1,000 divisions' rows. Its rows are
-- made again from the company rollup (a deleted division's, whose company rows are gone, go out of it too).
ALTER TABLE "industry_daily_stats" DROP CONSTRAINT "industry_daily_stats_day_action_type_pk";--> statement-breakpoint
ALTER TABLE "industry_daily_stats" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "industry_daily_stats" ADD COLUMN "visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DELETE FROM "industry_daily_stats";--> statement-breakpoint
INSERT INTO "industry_daily_stats" ("day", "action", "type", "label", "count", "visitors")
SELECT "day", "action", "type", "label", sum("count")::int, sum("visitors")::int FROM "company_daily_stats" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
ALTER TABLE "industry_daily_stats" ADD CONSTRAINT "industry_daily_stats_day_action_type_label_pk" PRIMARY KEY("day","action","type","label");--> statement-breakpoint
-- record_events (0039) again, the industry rollup counted per label with its visitors like the company rollup.
CREATE OR REPLACE FUNCTION record_events(
  p_profile_ids int[], p_actions text[], p_types text[], p_labels text[], p_values text[],
  p_visitor_hashes text[], p_occurred_at timestamptz[],
  p_sources text[], p_referrers text[], p_campaigns text[], p_devices text[], p_oses text[], p_browsers text[], p_countries text[]
) RETURNS int
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  written int;
BEGIN
  with input as (
    select * from unnest(
      p_profile_ids, p_actions, p_types,
      p_labels, p_values, p_visitor_hashes,
      p_occurred_at, p_sources, p_referrers, p_campaigns, p_devices, p_oses, p_browsers, p_countries
    ) as t(profile_id, action, type, label, value, visitor_hash, occurred_at, source, referrer, campaign, device, os, browser, country)
  ),
  escaped as (
    -- The label as React writes it into an attribute.
    -- The page's script sends at most 300 characters of a label: a cut one matches the start of the attribute.
    select i.*, replace(replace(replace(replace(replace(i.label, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#x27;') as html_label,
      case when length(i.label) >= 300 then '' else '"' end as closing
    from input i
  ),
  shown as (
    -- A label counts only if it is one the live page's script sends: a tap target's
    -- data-track-label, a video's data-title, or one of the script's own labels. Any other
    -- text of the page (its markup, the division's name) is dropped like a made-up label.
    select i.profile_id, i.action, i.type, i.value, i.visitor_hash, i.occurred_at, p.company_id,
      i.source, i.referrer, i.campaign, i.device, i.os, i.browser, i.country,
      case when i.label is not null and (
        i.label in ('Copy link', 'Share', 'Add to home screen', '50%')
        or position('data-track-label="' || i.html_label || i.closing in coalesce(p.published_html, '')) > 0
        or position('data-title="' || i.html_label || i.closing in coalesce(p.published_html, '')) > 0
      ) then i.label end as label
    from escaped i join profiles p on p.id = i.profile_id and p.published_at is not null
  ),
  valid as (
    select s.*, (s.occurred_at at time zone 'UTC')::date as day, coalesce(s.label, '') as key_label from shown s
  ),
  stored as (
    insert into events (occurred_at, company_id, profile_id, action, type, label, value, visitor_hash)
    select occurred_at, company_id, profile_id, action, type, label, value, visitor_hash from valid
    returning 1
  ),
  new_visitors as (
    insert into daily_visitors (day, profile_id, action, type, label, visitor_hash)
    select distinct day, profile_id, action, type, key_label, visitor_hash from valid
    on conflict do nothing
    returning day, profile_id, action, type, label
  ),
  visitor_counts as (
    select day, profile_id, action, type, label, count(*)::int as visitors from new_visitors
    group by day, profile_id, action, type, label
  ),
  counts as (
    select c.*, coalesce(vc.visitors, 0) as visitors
    from (
      select day, company_id, profile_id, action, type, key_label as label, count(*)::int as n from valid
      group by day, company_id, profile_id, action, type, key_label
    ) c
    left join visitor_counts vc using (day, profile_id, action, type, label)
  ),
  profile_rollup as (
    insert into daily_stats (day, company_id, profile_id, action, type, label, count, visitors)
    select day, company_id, profile_id, action, type, label, n, visitors from counts
    on conflict (profile_id, day, action, type, label)
    do update set count = daily_stats.count + excluded.count, visitors = daily_stats.visitors + excluded.visitors
    returning 1
  ),
  view_totals as (
    insert into profile_totals (profile_id, company_id, views)
    select profile_id, company_id, sum(n)::int from counts where action = 'view'
    group by profile_id, company_id
    on conflict (profile_id) do update set views = profile_totals.views + excluded.views
    returning 1
  ),
  industry_rollup as (
    insert into industry_daily_stats (day, action, type, label, count, visitors)
    select day, action, type, label, sum(n)::int, sum(visitors)::int from counts
    group by day, action, type, label
    on conflict (day, action, type, label)
    do update set count = industry_daily_stats.count + excluded.count, visitors = industry_daily_stats.visitors + excluded.visitors
    returning 1
  ),
  company_rollup as (
    insert into company_daily_stats (day, company_id, action, type, label, count, visitors)
    select day, company_id, action, type, label, sum(n)::int, sum(visitors)::int from counts
    group by day, company_id, action, type, label
    on conflict (company_id, day, action, type, label)
    do update set count = company_daily_stats.count + excluded.count, visitors = company_daily_stats.visitors + excluded.visitors
    returning 1
  ),
  view_dims as (
    -- A view's dimensions, one row each (decision 032), counted per key first so the cap
    -- below is checked once per new value, not once per view.
    select v.day, v.company_id, v.profile_id, d.dimension, d.value, count(*)::int as n
    from valid v
    cross join lateral (values
      ('source', v.source), ('referrer', v.referrer), ('campaign', v.campaign), ('device', v.device),
      ('os', v.os), ('browser', v.browser), ('country', v.country)
    ) as d(dimension, value)
    where v.source is not null
    group by v.day, v.company_id, v.profile_id, d.dimension, d.value
  ),
  capped as (
    -- A referrer or campaign new to the profile's day counts as 'other' once that day already
    -- has 50 of them: made-up values cannot grow the rollup without bound.
    select c.day, c.company_id, c.profile_id, c.dimension, c.n,
      case when c.dimension in ('referrer', 'campaign') and c.value not in ('', 'other')
        and not exists (select 1 from daily_view_sources x
          where x.profile_id = c.profile_id and x.day = c.day and x.dimension = c.dimension and x.value = c.value)
        and (select count(*) from daily_view_sources x
          where x.profile_id = c.profile_id and x.day = c.day and x.dimension = c.dimension) >= 50
      then 'other' else c.value end as value
    from view_dims c
  ),
  profile_sources as (
    insert into daily_view_sources (day, company_id, profile_id, dimension, value, count)
    select day, company_id, profile_id, dimension, value, sum(n)::int from capped
    group by day, company_id, profile_id, dimension, value
    on conflict (profile_id, day, dimension, value) do update set count = daily_view_sources.count + excluded.count
    returning 1
  ),
  company_sources as (
    insert into company_view_sources (day, company_id, dimension, value, count)
    select day, company_id, dimension, value, sum(n)::int from capped
    group by day, company_id, dimension, value
    on conflict (company_id, day, dimension, value) do update set count = company_view_sources.count + excluded.count
    returning 1
  )
  select count(*)::int into written from stored;
  RETURN written;
END
$$;

