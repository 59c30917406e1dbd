# bash completion for prospect. Generated from the command tree by `prospect completion bash`; do not edit.
# Load it with: source <(prospect completion bash)

# REPLY: the subcommand that word $2 names under path $1
_prospect_child() {
  case "$1|$2" in
    '|whoami') REPLY='whoami' ;;
    '|search') REPLY='search' ;;
    '|lists') REPLY='lists' ;;
    '|import') REPLY='import' ;;
    '|folders') REPLY='folders' ;;
    '|credits') REPLY='credits' ;;
    '|enrich') REPLY='enrich' ;;
    '|webhooks') REPLY='webhooks' ;;
    '|agents') REPLY='agents' ;;
    '|sync') REPLY='sync' ;;
    '|runs') REPLY='runs' ;;
    '|export') REPLY='export' ;;
    '|keys') REPLY='keys' ;;
    '|usage') REPLY='usage' ;;
    '|auth') REPLY='auth' ;;
    '|config') REPLY='config' ;;
    '|api') REPLY='api' ;;
    '|sandbox') REPLY='sandbox' ;;
    '|mcp') REPLY='mcp' ;;
    '|demo') REPLY='demo' ;;
    '|completion') REPLY='completion' ;;
    'search|people') REPLY='people' ;;
    'search|companies') REPLY='companies' ;;
    'search people|compile') REPLY='compile' ;;
    'search people|filters') REPLY='filters' ;;
    'search people|at-companies') REPLY='at-companies' ;;
    'search companies|filters') REPLY='filters' ;;
    'search companies|similar') REPLY='similar' ;;
    'lists|ls'|'lists|list') REPLY='ls' ;;
    'lists|create') REPLY='create' ;;
    'lists|get') REPLY='get' ;;
    'lists|update') REPLY='update' ;;
    'lists|rm'|'lists|delete') REPLY='rm' ;;
    'lists|leads') REPLY='leads' ;;
    'lists|add') REPLY='add' ;;
    'lists|remove') REPLY='remove' ;;
    'lists|find-people') REPLY='find-people' ;;
    'folders|create') REPLY='create' ;;
    'credits|balance') REPLY='balance' ;;
    'credits|estimate') REPLY='estimate' ;;
    'enrich|person') REPLY='person' ;;
    'enrich|company') REPLY='company' ;;
    'enrich|cohort') REPLY='cohort' ;;
    'enrich|list') REPLY='list' ;;
    'enrich|status') REPLY='status' ;;
    'enrich|legacy-bulk') REPLY='legacy-bulk' ;;
    'enrich|legacy-status') REPLY='legacy-status' ;;
    'webhooks|deliveries') REPLY='deliveries' ;;
    'agents|run') REPLY='run' ;;
    'agents|ls'|'agents|list') REPLY='ls' ;;
    'agents|results') REPLY='results' ;;
    'sync|crm') REPLY='crm' ;;
    'sync|sequencer') REPLY='sequencer' ;;
    'runs|ls'|'runs|list') REPLY='ls' ;;
    'export|csv') REPLY='csv' ;;
    'export|json') REPLY='json' ;;
    'keys|create') REPLY='create' ;;
    'keys|ls'|'keys|list') REPLY='ls' ;;
    'keys|revoke') REPLY='revoke' ;;
    'keys|revoke-all') REPLY='revoke-all' ;;
    'keys|requests') REPLY='requests' ;;
    'auth|login') REPLY='login' ;;
    'auth|status') REPLY='status' ;;
    'auth|logout') REPLY='logout' ;;
    'auth|migrate') REPLY='migrate' ;;
    'config|get') REPLY='get' ;;
    'config|set') REPLY='set' ;;
    'config|ls'|'config|list') REPLY='ls' ;;
    'config|unset') REPLY='unset' ;;
    'config|rm-profile') REPLY='rm-profile' ;;
    'sandbox|serve') REPLY='serve' ;;
    'sandbox|start') REPLY='start' ;;
    'sandbox|stop') REPLY='stop' ;;
    'sandbox|status') REPLY='status' ;;
    'sandbox|reset') REPLY='reset' ;;
    'sandbox|jwt') REPLY='jwt' ;;
    'sandbox|faults') REPLY='faults' ;;
    'sandbox|clock') REPLY='clock' ;;
    'sandbox|snapshot') REPLY='snapshot' ;;
    'sandbox faults|add') REPLY='add' ;;
    'sandbox faults|ls'|'sandbox faults|list') REPLY='ls' ;;
    'sandbox faults|clear') REPLY='clear' ;;
    'sandbox clock|advance') REPLY='advance' ;;
    'sandbox clock|show') REPLY='show' ;;
    'sandbox clock|set') REPLY='set' ;;
    'sandbox clock|freeze') REPLY='freeze' ;;
    'sandbox clock|unfreeze') REPLY='unfreeze' ;;
    'sandbox snapshot|save') REPLY='save' ;;
    'sandbox snapshot|load') REPLY='load' ;;
    'mcp|config') REPLY='config' ;;
    *) REPLY=''; return 1 ;;
  esac
}

# the subcommands under path $1, with their summaries
_prospect_words() {
  case "$1" in
    '') printf '%s\t%s\n' 'whoami' 'Show the user, organization, tier and scopes of the credential' 'search' 'Search people and companies (free)' 'lists' 'Lead lists: create, read, change, delete, and their leads (free)' 'import' 'Import a CSV of any size into a list (streamed, chunked, safe to re-run; free)' 'folders' 'Folders for lead lists' 'credits' 'Credit balance and estimates' 'enrich' 'Enrich people, companies, cohorts and lists with verified emails and phones (pa…' 'webhooks' 'Delivery log of v1 enrichment webhooks' 'agents' 'Smart agents: one AI instruction run over each lead of a list (paid)' 'sync' 'Push a list to a CRM or into a sequencer campaign (paid)' 'runs' 'Paid runs sent from this machine, from the paid-run journal (local files; free)' 'export' 'Export a list as CSV or JSON (free)' 'keys' 'Create, list and revoke API keys, and read their request logs (session JWT)' 'usage' 'API calls, credits and errors by tool, key, day or error code' 'auth' 'Log in, check and remove stored credentials' 'config' 'Read and change saved settings' 'api' 'Send a raw request with auth, retries and error handling' 'sandbox' 'Run the local sandbox of the service' 'mcp' 'Serve the tools to AI assistants over MCP (stdio); paid runs priced first' 'demo' 'A guided tour on the local sandbox' 'completion' 'Print the shell completion script for bash, zsh or fish' ;;
    'search') printf '%s\t%s\n' 'people' 'Search people by flat filters or criteria (free; rows carry no email or phone)' 'companies' 'Search companies by flat filters, the raw shape or criteria (free)' ;;
    'search people') printf '%s\t%s\n' 'compile' 'Show the filters and route a criteria object compiles to' 'filters' 'Look up the values of a people filter field' 'at-companies' 'Find people at a set of companies (an async job)' ;;
    'search companies') printf '%s\t%s\n' 'filters' 'Look up the values of a company filter field' 'similar' 'Companies most like a seed company' ;;
    'lists') printf '%s\t%s\n' 'ls' 'Lists you own, your organization'\''s and those shared with you' 'create' 'Create a private list (your list of the same name is reused)' 'get' 'Show one list by id or exact name' 'update' 'Rename a list, change its description or folder' 'rm' 'Delete a list (its lead records stay)' 'leads' 'A list'\''s leads, a page at a time or --all' 'add' 'Add leads by task_id (a search or list page) or by lead id (free)' 'remove' 'Remove leads from a list (the records stay)' 'find-people' 'Find people at companies of a list and add them (a job; free)' ;;
    'folders') printf '%s\t%s\n' 'create' 'Create a folder for lead lists' ;;
    'credits') printf '%s\t%s\n' 'balance' 'Show the organization'\''s spendable credits' 'estimate' 'Price a paid operation and get a single-use quote (free)' ;;
    'enrich') printf '%s\t%s\n' 'person' 'Find the verified email and/or phone of one person (paid, asks first)' 'company' 'Look up one company: industry, headcount, funding, tech stack (1 credit)' 'cohort' 'Enrich the rows of a search or list page by task_id (paid, asks first)' 'list' 'Enrich every lead of a list, or a subset (paid, asks first)' 'status' 'Show an enrichment run: progress, credits charged and refunded' 'legacy-bulk' 'Enrich up to 250 contacts through v1, with an optional webhook (paid)' 'legacy-status' 'Show a v1 bulk run or one of its contacts' ;;
    'webhooks') printf '%s\t%s\n' 'deliveries' 'List the delivery attempts of a v1 run'\''s webhook' ;;
    'agents') printf '%s\t%s\n' 'run' 'Run a smart agent over the leads of a list into a column (paid, asks first)' 'ls' 'List smart-agent runs, newest first (free)' 'results' 'Show a smart-agent run'\''s output per lead (partial while it runs; free)' ;;
    'sync') printf '%s\t%s\n' 'crm' 'Push a list to a connected CRM (previews first; paid, asks first)' 'sequencer' 'Push a list into a sequencer campaign (previews first; paid, asks first)' ;;
    'runs') printf '%s\t%s\n' 'ls' 'Paid runs sent from here: answered, not charged, open or unknown' ;;
    'export') printf '%s\t%s\n' 'csv' 'Download a list as a CSV file through a signed link (free)' 'json' 'Stream a list as JSON, NDJSON or CSV, resumable (free)' ;;
    'keys') printf '%s\t%s\n' 'create' 'Create an API key; the secret is shown once (or saved to a profile)' 'ls' 'API keys of the organization, active and revoked (never the whole secret)' 'revoke' 'Revoke one API key for good (asks first)' 'revoke-all' 'Revoke every active API key of your user (type to confirm)' 'requests' 'A key'\''s request log: path, status, IP, user agent, time' ;;
    'auth') printf '%s\t%s\n' 'login' 'Check an API key and save it in a profile' 'status' 'Show the profile, base URL, masked key and identity in use' 'logout' 'Remove the stored key of a profile' 'migrate' 'Move secrets kept in the config file into the OS keychain' ;;
    'config') printf '%s\t%s\n' 'get' 'Print one setting of a profile' 'set' 'Change one setting of a profile' 'ls' 'List profiles and their settings (keys masked)' 'unset' 'Remove one setting of a profile' 'rm-profile' 'Remove a saved profile, its settings and credentials' ;;
    'sandbox') printf '%s\t%s\n' 'serve' 'Run the sandbox in the foreground' 'start' 'Start the sandbox in the background' 'stop' 'Stop the background sandbox' 'status' 'Show whether the sandbox runs, its URL and pid' 'reset' 'Reset the sandbox to its seeded state' 'jwt' 'Print a session JWT for a demo user (for key management)' 'faults' 'Inject faults into the running sandbox: latency, errors, dropped connections, 4…' 'clock' 'Show, move, set or freeze the running sandbox'\''s clock' 'snapshot' 'Save the running sandbox'\''s whole state to a file, or load one' ;;
    'sandbox faults') printf '%s\t%s\n' 'add' 'Add a fault rule: delay, error, drop or 429 for matching requests' 'ls' 'List the fault rules in force, with how often each matched and applied' 'clear' 'Remove every fault rule' ;;
    'sandbox clock') printf '%s\t%s\n' 'advance' 'Move the sandbox clock forward (90s, 5m, 2h, 1d) without waiting' 'show' 'Show the sandbox clock: its time, frozen or running' 'set' 'Set the sandbox clock to an ISO 8601 time' 'freeze' 'Stop the sandbox clock where it is' 'unfreeze' 'Let the sandbox clock run on from where it stands' ;;
    'sandbox snapshot') printf '%s\t%s\n' 'save' 'Save the whole sandbox state (clock included) to a file' 'load' 'Replace the sandbox state with a saved snapshot' ;;
    'mcp') printf '%s\t%s\n' 'config' 'Print or write an AI client'\''s MCP settings for this binary and profile' ;;
    *) : ;;
  esac
}

# the flags of path $1 and the global flags, with their descriptions
_prospect_flags() {
  case "$1" in
    '') : ;;
    'whoami') : ;;
    'search') : ;;
    'search people') printf '%s\t%s\n' '--titles' 'current job title, exact and case-sensitive; repeatable (also --title)' '--seniority' 'seniority; repeatable or comma-separated' '--management-levels' 'management level; repeatable or comma-separated (also --management-level)' '--departments' 'department; repeatable or comma-separated (also --department)' '--job-functions' 'job function; repeatable or comma-separated (also --job-function)' '--locations' 'full location "City, State, Country"; repeatable (also --location)' '--location-city' 'city, bare name; repeatable or comma-separated (also --city)' '--location-state' 'state or region, bare name; repeatable or comma-separated (also --state)' '--location-country' 'country, bare name; repeatable or comma-separated (also --country)' '--school-names' 'school attended; repeatable (also --school)' '--skills' 'skill on the profile; repeatable or comma-separated (also --skill)' '--languages' 'language on the profile; repeatable or comma-separated (also --language)' '--company-names' 'current employer name; repeatable (also --company-name, --company)' '--company-domains' 'current employer domain (more reliable than names); repeatable or comma-separat…' '--company-industries' 'employer industry; repeatable (also --company-industry, --industry)' '--company-headcount' 'employer headcount band (501-1000 also works); repeatable or comma-separated (a…' '--company-locations' 'employer HQ location; repeatable (also --company-location)' '--filters' 'flat filters as a JSON object: a file, - for stdin, or inline JSON (flags add t…' '--criteria' 'the criteria form as a JSON object: a file, - for stdin, or inline JSON' '--limit' 'how many people in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'people a request asks for (1-100)' '--cursor' 'start after a previous page (send the same filters)' '--all' 'follow cursors to the last page and stream every row (not with --limit)' '--no-header' 'csv and tsv: leave out the header line (to append to a file that has one)' '--max-pages' 'stop after this many searches (pages)' '--save-to' 'save the rows found into this list (id or exact name; free)' '--create' 'with --save-to, create the list when no list has that name' '--no-check' 'send --title values as typed, without looking each up first (the lookup is free…' ;;
    'search people compile') printf '%s\t%s\n' '--criteria' 'the criteria object: a file, - for stdin, or inline JSON (required)' '--company-criteria' 'employer criteria: a file, - for stdin, or inline JSON' '--crm' 'CRM whose records to exclude' ;;
    'search people filters') : ;;
    'search people at-companies') printf '%s\t%s\n' '--person-filter' 'people to find: {"type":"group_filter","op":"and","filters":[{"column","filter_…' '--company-filter' 'companies to search: the raw {"op","conditions":[{"column","type","value"}]} sh…' '--company-linkedin-urls' 'LinkedIn company URLs; repeatable or comma-separated (intersected with --compan…' '--limit' 'people in this block (1-1000)' '--cursor' 'the next block after a completed job (send the same filters)' '--task' 'watch a job already started instead of starting one' ;;
    'search companies') printf '%s\t%s\n' '--industries' 'industry label; repeatable (also --industry, --linkedin-industries)' '--employee-count-ranges' 'headcount band (501-1000 also works); repeatable or comma-separated (also --emp…' '--locations' 'HQ location; bare city names match best; repeatable (also --location, --hq, --c…' '--hq-country' 'HQ country; repeatable or comma-separated (also --country)' '--funding-stages' 'last funding round, matched verbatim (e.g. "Series A"); repeatable or comma-sep…' '--names' 'company display name; repeatable (also --name, --company-names, --company-name)' '--domains' 'company domain (the reliable identifier); repeatable or comma-separated (also -…' '--year-founded' 'year founded; repeatable or comma-separated (also --founded)' '--company-type' 'company type, e.g. "Privately Held"; repeatable' '--filters' 'flat filters (or the raw {op, conditions} shape) as JSON: a file, - for stdin, …' '--criteria' 'the criteria form (revenueMin, industriesInclude, hqCountriesIso3, ...) as JSON…' '--columns' 'extra row fields; repeatable or comma-separated' '--limit' 'how many companies in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'companies a request asks for (1-500)' '--cursor' 'start after a previous page (send the same filters)' '--all' 'follow cursors to the last page and stream every row (not with --limit)' '--no-header' 'csv and tsv: leave out the header line (to append to a file that has one)' '--save-to' 'save the rows found into this list (id or exact name; free)' '--create' 'with --save-to, create the list when no list has that name' '--max-pages' 'stop after this many requests (pages)' ;;
    'search companies filters') : ;;
    'search companies similar') printf '%s\t%s\n' '--id' 'company_id of the seed instead of a domain' '--limit' 'how many (1-100)' ;;
    'lists') : ;;
    'lists ls') printf '%s\t%s\n' '--folder' 'only the lists in this folder' '--limit' 'how many lists in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'lists a request asks for (1-100)' '--cursor' 'start after a previous page' '--all' 'every list, streamed (not with --limit)' ;;
    'lists create') printf '%s\t%s\n' '--description' 'what the list is for' '--folder' 'a folder of yours to put it in' ;;
    'lists get') : ;;
    'lists update') printf '%s\t%s\n' '--name' 'a new name (1-200 characters)' '--description' 'a new description' '--clear-description' 'remove the description' '--folder' 'move the list into a folder of yours' '--no-folder' 'take the list out of its folder' ;;
    'lists rm') : ;;
    'lists leads') printf '%s\t%s\n' '--limit' 'how many leads in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'leads a request asks for (1-500)' '--cursor' 'start after a previous page' '--all' 'every lead, streamed (not with --limit)' '--no-header' 'csv and tsv: leave out the header line (to append to a file that has one)' ;;
    'lists add') printf '%s\t%s\n' '--task' 'the task_id of a search or of a list page' '--ids' 'with --task: only these entity ids (up to 2000); repeatable or comma-separated' '--lead-ids' 'workspace lead ids; repeatable or comma-separated (sent 1000 at a time)' '--lead-ids-file' 'workspace lead ids, one per line (- for stdin)' ;;
    'lists remove') printf '%s\t%s\n' '--lead-ids' 'lead ids; repeatable or comma-separated (sent 100 at a time)' '--lead-ids-file' 'lead ids, one per line (- for stdin)' ;;
    'lists find-people') printf '%s\t%s\n' '--company-ids' 'company ids of the list (1-100); repeatable or comma-separated' '--title' 'job titles to look for; repeatable' '--seniority' 'seniority levels; repeatable or comma-separated' '--limit-per-company' 'people per company (1-25)' '--state' 'only people in this state or region' '--country' 'only people in this country' '--workflow' 'watch a job already started instead of starting one' ;;
    'import') printf '%s\t%s\n' '--map' 'map a column onto a field (repeatable); overrides the automatic mapping' '--enrich' 'enrich the imported rows (none: free); credits per person found: partial 1, pho…' '--all-rows' 'with --enrich: enrich every row, also those that already hold what it finds (by…' '--keep-apostrophes' 'send cells as written: by default a cell that export csv escaped (one leading '\''…' '--dry-run' 'read the file, print the mapping and the chunk plan, send nothing' '--create' 'create the list when no list has that name' '--strict' 'with --enrich: exit 8 when a run ends completed_with_errors' ;;
    'folders') : ;;
    'folders create') printf '%s\t%s\n' '--parent' 'the folder id (a UUID) to create it in' ;;
    'credits') : ;;
    'credits balance') : ;;
    'credits estimate') printf '%s\t%s\n' '--tool' 'the operation to price' '--list' 'the list (id or exact name) for enrich_list, run_smart_agent, sync_to_crm, sync…' '--task' 'the cohort (svc-task_...) for add_person_enrichments and add_company_enrichments' '--entity-ids' 'a subset of the cohort; repeatable or comma-separated' '--data-points' 'what to find: the first 3 for people, the other 6 for companies, one kind at a …' '--rows' 'rows, for tools without a list or cohort (bulk_import_csv, enrich_person ...)' '--scope' 'enrich_list: what to find' '--type' 'enrich_person, bulk_import_csv: what to find (bulk_import_csv needs it)' '--include-phone' 'enrich_person legacy flag (phone_only); --type wins' '--lead-ids' 'enrich_list: quote a subset of the list (1-500 lead ids)' '--lead-ids-file' 'enrich_list: the subset from a file (- for stdin)' '--agent-type' 'run_smart_agent: the agent' '--column' 'run_smart_agent: the output column' '--prompt' 'run_smart_agent (custom_ai): the instruction' '--template' 'run_smart_agent (cold_intro_email): the template' '--lead-scope' 'run_smart_agent: the first --max-rows leads (subset) or every lead' '--max-rows' 'run_smart_agent: rows of a subset (1-10000)' '--overwrite' 'run_smart_agent: also leads that already hold a value' '--provider' 'sync: the CRM or sequencer' '--sub-action' 'sync_to_crm: the CRM object to write' '--campaign' 'sync_to_sequencer: the campaign' '--mapping' 'sync: the field mapping as a JSON object (file, - or inline), as the sync will …' ;;
    'enrich') : ;;
    'enrich person') printf '%s\t%s\n' '--list' 'the list the lead is saved to (id or exact name); required' '--email' 'a known email of the person' '--linkedin' 'the LinkedIn profile URL' '--person-id' 'a lead id (ld_...) or a search row id (sp_...)' '--first' 'first name (with --last and --company or --domain)' '--last' 'last name' '--company' 'company name' '--domain' 'company domain' '--phone' 'a phone number already known' '--type' 'what to find: partial is email and profile, phone_only the phone, full both; cr…' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' ;;
    'enrich company') printf '%s\t%s\n' '--domain' 'the company domain (most reliable)' '--name' 'the company name' '--ticker' 'the stock ticker' '--id' 'a company id (cmp_...) from a company search' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' ;;
    'enrich cohort') printf '%s\t%s\n' '--data-points' 'what to find: the first 3 for people, the other 6 for companies, one kind at a …' '--entity-ids' 'only these rows of the cohort; repeatable or comma-separated' '--list' 'the list person results go to' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' '--strict' 'exit 8 when the run ends completed_with_errors (some rows found nothing)' ;;
    'enrich list') printf '%s\t%s\n' '--scope' 'what to find: partial is email and profile, full adds the phone, phone-only the…' '--lead-ids' 'only these leads of the list (runs of up to 500 each); repeatable or comma-sepa…' '--lead-ids-file' 'lead ids from a file, one per line (- for stdin)' '--all-leads' 'enrich every selected lead again, even those that already have what the scope f…' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' '--strict' 'exit 8 when the run ends completed_with_errors (some rows found nothing)' ;;
    'enrich status') printf '%s\t%s\n' '--wait' 'wait until the run ends (every run, given several), with progress' '--strict' 'exit 8 when the run ends completed_with_errors (some rows found nothing)' ;;
    'enrich legacy-bulk') printf '%s\t%s\n' '--type' 'what to find: partial is email and profile, phone_only the phone, full both; cr…' '--webhook-url' 'an https URL to POST the results to when the run ends (5 attempts)' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' ;;
    'enrich legacy-status') printf '%s\t%s\n' '--workflow' 'a v1 run (public_bulk_...)' '--task' 'one contact of a v1 run' ;;
    'webhooks') : ;;
    'webhooks deliveries') printf '%s\t%s\n' '--limit' 'attempts to show (1-200)' ;;
    'agents') : ;;
    'agents run') printf '%s\t%s\n' '--type' 'the agent' '--column' 'the list column to write (up to 100 characters, not a lead field such as email …' '--prompt' 'the instruction for custom_ai' '--prompt-file' 'the instruction from a file (- for stdin), for long prompts' '--template' 'cold_intro_email: the email template' '--scope' 'subset (the first --max-rows leads) or all' '--max-rows' 'with --scope subset: how many leads (1-10000)' '--overwrite' 'also run over leads that already hold a value in the column' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' '--strict' 'exit 8 when the run ends with leads that got no value (a warning and exit 0 wit…' ;;
    'agents ls') printf '%s\t%s\n' '--list' 'only runs over this list (an id or the exact name)' '--limit' 'how many runs (1-100)' ;;
    'agents results') printf '%s\t%s\n' '--wait' 'wait until the run ends, with progress' '--strict' 'exit 8 when the run ends with leads that got no value (a warning and exit 0 wit…' ;;
    'sync') : ;;
    'sync crm') printf '%s\t%s\n' '--provider' 'the CRM (required)' '--sub-action' 'the CRM object to write (crm_one: contacts; crm_two: leads or contacts)' '--mapping' 'a JSON object {"list column": "destination property"}: a file, - for stdin, or …' '--dry-run' 'preview and estimate only: print the quote, push and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' ;;
    'sync sequencer') printf '%s\t%s\n' '--campaign' 'the campaign: its id or exact name (an unknown one lists the campaigns of the s…' '--mapping' 'a JSON object {"list column": "destination property"}: a file, - for stdin, or …' '--dry-run' 'preview and estimate only: print the quote, push and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' ;;
    'runs') : ;;
    'runs ls') printf '%s\t%s\n' '--state' 'only runs in this state' '--limit' 'how many runs (1-1000)' ;;
    'export') : ;;
    'export csv') printf '%s\t%s\n' '--output' 'where to write the CSV (- for stdout)' '-o' 'where to write the CSV (- for stdout)' '--columns' 'columns in this order, or a smart-agent column of the list; repeatable or comma…' '--no-smart-agents' 'leave out the list'\''s smart-agent columns' '--force' 'replace the output file if it exists' ;;
    'export json') printf '%s\t%s\n' '--all' 'every lead, streamed, with a checkpoint after each page (not with --limit)' '--limit' 'how many leads in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'leads a request asks for (1-500)' '--cursor' 'start after a previous page' '--columns' 'columns in this order, or a smart-agent column of the list; repeatable or comma…' '--output' 'write to FILE (through FILE.part)' '-o' 'write to FILE (through FILE.part)' '--resume' 'continue the interrupted --all export of the same list, columns, format and out…' '--force' 'replace the output file if it exists' ;;
    'keys') : ;;
    'keys create') printf '%s\t%s\n' '--name' 'a name to recognize the key by' '--expires' 'ISO 8601 date or date-time in the future when the key stops working' '--save-profile' 'save the new key (and this base URL) in this profile instead of printing it' '--secure-storage' 'where the secret goes: auto (the OS keychain, else the config file with a warni…' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…' ;;
    'keys ls') printf '%s\t%s\n' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…' ;;
    'keys revoke') printf '%s\t%s\n' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…' ;;
    'keys revoke-all') printf '%s\t%s\n' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…' ;;
    'keys requests') printf '%s\t%s\n' '--limit' 'how many requests (1-500)' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…' ;;
    'usage') printf '%s\t%s\n' '--days' 'how many days back (1-365)' '--group-by' 'what each row counts' ;;
    'auth') : ;;
    'auth login') printf '%s\t%s\n' '--with-token' 'read the key (or JWT) from stdin instead of prompting' '--jwt' 'save a session JWT for key management instead of an API key' '--secure-storage' 'where the secret goes: auto (the OS keychain, else the config file with a warni…' ;;
    'auth status') : ;;
    'auth logout') : ;;
    'auth migrate') : ;;
    'config') : ;;
    'config get') : ;;
    'config set') : ;;
    'config ls') : ;;
    'config unset') : ;;
    'config rm-profile') : ;;
    'api') printf '%s\t%s\n' '--raw-field' 'add a string field (repeatable; key[]=v builds an array)' '-f' 'add a string field (repeatable; key[]=v builds an array)' '--field' 'add a typed field: numbers, true, false and null are parsed (repeatable)' '-F' 'add a typed field: numbers, true, false and null are parsed (repeatable)' '--input' 'read the JSON body from a file, or - for stdin' '--paginate' 'follow cursor until the last page and print every row' '--prefix' 'path prefix: v2 is /api/v2, v1 /api/v1/public, keys /api/v1/api-keys, root none' '--header' 'add a request header (repeatable)' '-H' 'add a request header (repeatable)' ;;
    'sandbox') : ;;
    'sandbox serve') printf '%s\t%s\n' '--port' 'port to listen on (0 picks a free one)' '--seed' 'seed of the synthetic data set (same seed, same rows)' '--people' 'people in the synthetic data set' '--companies' 'companies in the synthetic data set' '--state' 'load state from this file and save it there on exit' '--fixtures' 'JSON file of organizations, users, keys, lists and leads to load' '--scenario' 'named state of the demo organization to start from (docs/sandbox-fixtures.md, S…' '--no-rate-limits' 'switch rate limiting off (benchmarks, bulk scripts); a reset keeps it off' ;;
    'sandbox start') printf '%s\t%s\n' '--port' 'port to listen on (0 picks a free one)' '--seed' 'seed of the synthetic data set (same seed, same rows)' '--people' 'people in the synthetic data set' '--companies' 'companies in the synthetic data set' '--state' 'load state from this file and save it there on exit' '--fixtures' 'JSON file of organizations, users, keys, lists and leads to load' '--scenario' 'named state of the demo organization to start from (docs/sandbox-fixtures.md, S…' '--no-rate-limits' 'switch rate limiting off (benchmarks, bulk scripts); a reset keeps it off' ;;
    'sandbox stop') : ;;
    'sandbox status') : ;;
    'sandbox reset') printf '%s\t%s\n' '--scenario' 'named state of the demo organization to start from (docs/sandbox-fixtures.md, S…' ;;
    'sandbox jwt') printf '%s\t%s\n' '--user' 'user id or email' ;;
    'sandbox faults') : ;;
    'sandbox faults add') printf '%s\t%s\n' '--kind' 'what the rule does: delay, answer an error, drop the connection or answer 429 (…' '--path' 'text the request path (with its query) holds, * for any run of characters, e.g.…' '--method' 'only requests of this HTTP method' '--phase' 'before: instead of handling the request; after: once it is handled (its work do…' '--latency-ms' 'delay of a latency rule, in milliseconds (up to 120000)' '--status' 'HTTP status a status rule answers (400 to 599)' '--code' 'the error code of the answer (one of the service'\''s codes, e.g. internal_error o…' '--retryable' 'mark the injected error retryable' '--no-retryable' 'mark the injected error not retryable' '--retry-after-sec' 'Retry-After of the answer, in seconds (up to 86400)' '--count' 'how many times the rule applies' '--after' 'matching requests let through untouched before the rule applies' ;;
    'sandbox faults ls') : ;;
    'sandbox faults clear') : ;;
    'sandbox clock') : ;;
    'sandbox clock advance') printf '%s\t%s\n' '--freeze' 'stop the clock where the move leaves it' ;;
    'sandbox clock show') : ;;
    'sandbox clock set') printf '%s\t%s\n' '--freeze' 'stop the clock at that time' ;;
    'sandbox clock freeze') : ;;
    'sandbox clock unfreeze') : ;;
    'sandbox snapshot') : ;;
    'sandbox snapshot save') : ;;
    'sandbox snapshot load') : ;;
    'mcp') printf '%s\t%s\n' '--toolset' 'the tools offered: read (reads only), standard (and list changes, imports, enri…' '--max-credits' 'credits the assistant may spend in the session without asking the person (0: ev…' '--read-only' 'only the tools that change nothing and spend nothing' ;;
    'mcp config') printf '%s\t%s\n' '--client' 'the AI client the settings are for (required)' '--write' 'merge the entry into the client'\''s settings file: only the entry of --name chang…' '--file' 'the settings file to write' '--name' 'the server name in the client (letters, digits, - and _): another one per profi…' '--toolset' 'the tools offered: read (reads only), standard (and list changes, imports, enri…' '--max-credits' 'credits the assistant may spend in the session without asking the person (0: ev…' '--read-only' 'only the tools that change nothing and spend nothing' ;;
    'demo') printf '%s\t%s\n' '--dir' 'where to write the sample CSV (demo-leads.csv) and the export (engineering-lead…' '--force' 'replace those files when --dir already holds them' ;;
    'completion') : ;;
    *) : ;;
  esac
}
_prospect_global_flags() {
  printf '%s\t%s\n' '--profile' 'use this saved profile (env PROSPECT_PROFILE)' '--sandbox' 'use the local sandbox with the demo organization, starting it if needed' '--base-url' 'service URL (env PROSPECT_BASE_URL); https unless loopback' '--format' 'output format (env PROSPECT_FORMAT)' '--json' 'same as --format json' '--fields' 'comma-separated fields to show, in this order (every format)' '--yes' 'answer yes to confirmations (paid work still respects --max-cost)' '-y' 'answer yes to confirmations (paid work still respects --max-cost)' '--max-cost' 'never spend more than this many credits in one command' '--no-wait' 'start remote work, print its handle and return without waiting' '--quiet' 'no progress, hints or informational messages on stderr' '-q' 'no progress, hints or informational messages on stderr' '--debug' 'trace HTTP requests on stderr (credentials redacted)' '--no-color' 'no colour (also NO_COLOR)'
}

# REPLY: how the value of flag $2 of path $1 completes (switch: it takes none)
_prospect_flag_kind() {
  case "$1|$2" in
    'search people|--titles'|'search people|--title') REPLY='text' ;;
    'search people|--seniority') REPLY='many' ;;
    'search people|--management-levels'|'search people|--management-level') REPLY='many' ;;
    'search people|--departments'|'search people|--department') REPLY='many' ;;
    'search people|--job-functions'|'search people|--job-function') REPLY='many' ;;
    'search people|--locations'|'search people|--location') REPLY='text' ;;
    'search people|--location-city'|'search people|--city') REPLY='text' ;;
    'search people|--location-state'|'search people|--state') REPLY='text' ;;
    'search people|--location-country'|'search people|--country') REPLY='text' ;;
    'search people|--school-names'|'search people|--school') REPLY='text' ;;
    'search people|--skills'|'search people|--skill') REPLY='text' ;;
    'search people|--languages'|'search people|--language') REPLY='text' ;;
    'search people|--company-names'|'search people|--company-name'|'search people|--company') REPLY='text' ;;
    'search people|--company-domains'|'search people|--company-domain'|'search people|--domain') REPLY='text' ;;
    'search people|--company-industries'|'search people|--company-industry'|'search people|--industry') REPLY='text' ;;
    'search people|--company-headcount'|'search people|--headcount') REPLY='many' ;;
    'search people|--company-locations'|'search people|--company-location') REPLY='text' ;;
    'search people|--filters') REPLY='file' ;;
    'search people|--criteria') REPLY='file' ;;
    'search people|--limit') REPLY='text' ;;
    'search people|--page-size') REPLY='text' ;;
    'search people|--cursor') REPLY='text' ;;
    'search people|--all') REPLY='switch' ;;
    'search people|--no-header') REPLY='switch' ;;
    'search people|--max-pages') REPLY='text' ;;
    'search people|--save-to') REPLY='list' ;;
    'search people|--create') REPLY='switch' ;;
    'search people|--no-check') REPLY='switch' ;;
    'search people compile|--criteria') REPLY='file' ;;
    'search people compile|--company-criteria') REPLY='file' ;;
    'search people compile|--crm') REPLY='one' ;;
    'search people at-companies|--person-filter') REPLY='file' ;;
    'search people at-companies|--company-filter') REPLY='file' ;;
    'search people at-companies|--company-linkedin-urls') REPLY='text' ;;
    'search people at-companies|--limit') REPLY='text' ;;
    'search people at-companies|--cursor') REPLY='text' ;;
    'search people at-companies|--task') REPLY='text' ;;
    'search companies|--industries'|'search companies|--industry'|'search companies|--linkedin-industries') REPLY='text' ;;
    'search companies|--employee-count-ranges'|'search companies|--employee-count-range'|'search companies|--company-headcount'|'search companies|--headcount-range'|'search companies|--headcount') REPLY='many' ;;
    'search companies|--locations'|'search companies|--location'|'search companies|--hq'|'search companies|--company-locations'|'search companies|--company-hq'|'search companies|--hq-location') REPLY='text' ;;
    'search companies|--hq-country'|'search companies|--country') REPLY='text' ;;
    'search companies|--funding-stages'|'search companies|--funding-stage'|'search companies|--last-funding-round-type') REPLY='text' ;;
    'search companies|--names'|'search companies|--name'|'search companies|--company-names'|'search companies|--company-name') REPLY='text' ;;
    'search companies|--domains'|'search companies|--domain'|'search companies|--company-domains'|'search companies|--company-website-domain') REPLY='text' ;;
    'search companies|--year-founded'|'search companies|--founded') REPLY='text' ;;
    'search companies|--company-type') REPLY='text' ;;
    'search companies|--filters') REPLY='file' ;;
    'search companies|--criteria') REPLY='file' ;;
    'search companies|--columns') REPLY='many' ;;
    'search companies|--limit') REPLY='text' ;;
    'search companies|--page-size') REPLY='text' ;;
    'search companies|--cursor') REPLY='text' ;;
    'search companies|--all') REPLY='switch' ;;
    'search companies|--no-header') REPLY='switch' ;;
    'search companies|--save-to') REPLY='list' ;;
    'search companies|--create') REPLY='switch' ;;
    'search companies|--max-pages') REPLY='text' ;;
    'search companies similar|--id') REPLY='text' ;;
    'search companies similar|--limit') REPLY='text' ;;
    'lists ls|--folder') REPLY='text' ;;
    'lists ls|--limit') REPLY='text' ;;
    'lists ls|--page-size') REPLY='text' ;;
    'lists ls|--cursor') REPLY='text' ;;
    'lists ls|--all') REPLY='switch' ;;
    'lists create|--description') REPLY='text' ;;
    'lists create|--folder') REPLY='text' ;;
    'lists update|--name') REPLY='text' ;;
    'lists update|--description') REPLY='text' ;;
    'lists update|--clear-description') REPLY='switch' ;;
    'lists update|--folder') REPLY='text' ;;
    'lists update|--no-folder') REPLY='switch' ;;
    'lists leads|--limit') REPLY='text' ;;
    'lists leads|--page-size') REPLY='text' ;;
    'lists leads|--cursor') REPLY='text' ;;
    'lists leads|--all') REPLY='switch' ;;
    'lists leads|--no-header') REPLY='switch' ;;
    'lists add|--task') REPLY='text' ;;
    'lists add|--ids') REPLY='text' ;;
    'lists add|--lead-ids') REPLY='text' ;;
    'lists add|--lead-ids-file') REPLY='file' ;;
    'lists remove|--lead-ids') REPLY='text' ;;
    'lists remove|--lead-ids-file') REPLY='file' ;;
    'lists find-people|--company-ids') REPLY='text' ;;
    'lists find-people|--title') REPLY='text' ;;
    'lists find-people|--seniority') REPLY='many' ;;
    'lists find-people|--limit-per-company') REPLY='text' ;;
    'lists find-people|--state') REPLY='text' ;;
    'lists find-people|--country') REPLY='text' ;;
    'lists find-people|--workflow') REPLY='text' ;;
    'import|--map') REPLY='text' ;;
    'import|--enrich') REPLY='one' ;;
    'import|--all-rows') REPLY='switch' ;;
    'import|--keep-apostrophes') REPLY='switch' ;;
    'import|--dry-run') REPLY='switch' ;;
    'import|--create') REPLY='switch' ;;
    'import|--strict') REPLY='switch' ;;
    'folders create|--parent') REPLY='text' ;;
    'credits estimate|--tool') REPLY='one' ;;
    'credits estimate|--list') REPLY='list' ;;
    'credits estimate|--task') REPLY='text' ;;
    'credits estimate|--entity-ids') REPLY='text' ;;
    'credits estimate|--data-points') REPLY='many' ;;
    'credits estimate|--rows') REPLY='text' ;;
    'credits estimate|--scope') REPLY='one' ;;
    'credits estimate|--type') REPLY='one' ;;
    'credits estimate|--include-phone') REPLY='switch' ;;
    'credits estimate|--lead-ids') REPLY='text' ;;
    'credits estimate|--lead-ids-file') REPLY='file' ;;
    'credits estimate|--agent-type') REPLY='one' ;;
    'credits estimate|--column') REPLY='text' ;;
    'credits estimate|--prompt') REPLY='text' ;;
    'credits estimate|--template') REPLY='text' ;;
    'credits estimate|--lead-scope') REPLY='one' ;;
    'credits estimate|--max-rows') REPLY='text' ;;
    'credits estimate|--overwrite') REPLY='switch' ;;
    'credits estimate|--provider') REPLY='one' ;;
    'credits estimate|--sub-action') REPLY='one' ;;
    'credits estimate|--campaign') REPLY='text' ;;
    'credits estimate|--mapping') REPLY='file' ;;
    'enrich person|--list') REPLY='list' ;;
    'enrich person|--email') REPLY='text' ;;
    'enrich person|--linkedin') REPLY='text' ;;
    'enrich person|--person-id') REPLY='text' ;;
    'enrich person|--first') REPLY='text' ;;
    'enrich person|--last') REPLY='text' ;;
    'enrich person|--company') REPLY='text' ;;
    'enrich person|--domain') REPLY='text' ;;
    'enrich person|--phone') REPLY='text' ;;
    'enrich person|--type') REPLY='one' ;;
    'enrich person|--dry-run') REPLY='switch' ;;
    'enrich person|--pay-again') REPLY='switch' ;;
    'enrich company|--domain') REPLY='text' ;;
    'enrich company|--name') REPLY='text' ;;
    'enrich company|--ticker') REPLY='text' ;;
    'enrich company|--id') REPLY='text' ;;
    'enrich company|--dry-run') REPLY='switch' ;;
    'enrich company|--pay-again') REPLY='switch' ;;
    'enrich cohort|--data-points') REPLY='many' ;;
    'enrich cohort|--entity-ids') REPLY='text' ;;
    'enrich cohort|--list') REPLY='list' ;;
    'enrich cohort|--dry-run') REPLY='switch' ;;
    'enrich cohort|--pay-again') REPLY='switch' ;;
    'enrich cohort|--strict') REPLY='switch' ;;
    'enrich list|--scope') REPLY='one' ;;
    'enrich list|--lead-ids') REPLY='text' ;;
    'enrich list|--lead-ids-file') REPLY='file' ;;
    'enrich list|--all-leads') REPLY='switch' ;;
    'enrich list|--dry-run') REPLY='switch' ;;
    'enrich list|--pay-again') REPLY='switch' ;;
    'enrich list|--strict') REPLY='switch' ;;
    'enrich status|--wait') REPLY='switch' ;;
    'enrich status|--strict') REPLY='switch' ;;
    'enrich legacy-bulk|--type') REPLY='one' ;;
    'enrich legacy-bulk|--webhook-url') REPLY='text' ;;
    'enrich legacy-bulk|--dry-run') REPLY='switch' ;;
    'enrich legacy-status|--workflow') REPLY='text' ;;
    'enrich legacy-status|--task') REPLY='text' ;;
    'webhooks deliveries|--limit') REPLY='text' ;;
    'agents run|--type') REPLY='one' ;;
    'agents run|--column') REPLY='text' ;;
    'agents run|--prompt') REPLY='text' ;;
    'agents run|--prompt-file') REPLY='file' ;;
    'agents run|--template') REPLY='text' ;;
    'agents run|--scope') REPLY='one' ;;
    'agents run|--max-rows') REPLY='text' ;;
    'agents run|--overwrite') REPLY='switch' ;;
    'agents run|--dry-run') REPLY='switch' ;;
    'agents run|--pay-again') REPLY='switch' ;;
    'agents run|--strict') REPLY='switch' ;;
    'agents ls|--list') REPLY='list' ;;
    'agents ls|--limit') REPLY='text' ;;
    'agents results|--wait') REPLY='switch' ;;
    'agents results|--strict') REPLY='switch' ;;
    'sync crm|--provider') REPLY='one' ;;
    'sync crm|--sub-action') REPLY='one' ;;
    'sync crm|--mapping') REPLY='file' ;;
    'sync crm|--dry-run') REPLY='switch' ;;
    'sync crm|--pay-again') REPLY='switch' ;;
    'sync sequencer|--campaign') REPLY='text' ;;
    'sync sequencer|--mapping') REPLY='file' ;;
    'sync sequencer|--dry-run') REPLY='switch' ;;
    'sync sequencer|--pay-again') REPLY='switch' ;;
    'runs ls|--state') REPLY='one' ;;
    'runs ls|--limit') REPLY='text' ;;
    'export csv|--output'|'export csv|-o') REPLY='file' ;;
    'export csv|--columns') REPLY='many' ;;
    'export csv|--no-smart-agents') REPLY='switch' ;;
    'export csv|--force') REPLY='switch' ;;
    'export json|--all') REPLY='switch' ;;
    'export json|--limit') REPLY='text' ;;
    'export json|--page-size') REPLY='text' ;;
    'export json|--cursor') REPLY='text' ;;
    'export json|--columns') REPLY='many' ;;
    'export json|--output'|'export json|-o') REPLY='file' ;;
    'export json|--resume') REPLY='switch' ;;
    'export json|--force') REPLY='switch' ;;
    'export json|--format') REPLY='one' ;;
    'keys create|--name') REPLY='text' ;;
    'keys create|--expires') REPLY='text' ;;
    'keys create|--save-profile') REPLY='text' ;;
    'keys create|--secure-storage') REPLY='text' ;;
    'keys create|--jwt-stdin') REPLY='switch' ;;
    'keys ls|--jwt-stdin') REPLY='switch' ;;
    'keys revoke|--jwt-stdin') REPLY='switch' ;;
    'keys revoke-all|--jwt-stdin') REPLY='switch' ;;
    'keys requests|--limit') REPLY='text' ;;
    'keys requests|--jwt-stdin') REPLY='switch' ;;
    'usage|--days') REPLY='text' ;;
    'usage|--group-by') REPLY='one' ;;
    'auth login|--with-token') REPLY='switch' ;;
    'auth login|--jwt') REPLY='switch' ;;
    'auth login|--secure-storage') REPLY='text' ;;
    'api|--raw-field'|'api|-f') REPLY='text' ;;
    'api|--field'|'api|-F') REPLY='text' ;;
    'api|--input') REPLY='file' ;;
    'api|--paginate') REPLY='switch' ;;
    'api|--prefix') REPLY='one' ;;
    'api|--header'|'api|-H') REPLY='text' ;;
    'sandbox serve|--port') REPLY='text' ;;
    'sandbox serve|--seed') REPLY='text' ;;
    'sandbox serve|--people') REPLY='text' ;;
    'sandbox serve|--companies') REPLY='text' ;;
    'sandbox serve|--state') REPLY='file' ;;
    'sandbox serve|--fixtures') REPLY='file' ;;
    'sandbox serve|--scenario') REPLY='many' ;;
    'sandbox serve|--no-rate-limits') REPLY='switch' ;;
    'sandbox start|--port') REPLY='text' ;;
    'sandbox start|--seed') REPLY='text' ;;
    'sandbox start|--people') REPLY='text' ;;
    'sandbox start|--companies') REPLY='text' ;;
    'sandbox start|--state') REPLY='file' ;;
    'sandbox start|--fixtures') REPLY='file' ;;
    'sandbox start|--scenario') REPLY='many' ;;
    'sandbox start|--no-rate-limits') REPLY='switch' ;;
    'sandbox reset|--scenario') REPLY='many' ;;
    'sandbox jwt|--user') REPLY='text' ;;
    'sandbox faults add|--kind') REPLY='one' ;;
    'sandbox faults add|--path') REPLY='text' ;;
    'sandbox faults add|--method') REPLY='many' ;;
    'sandbox faults add|--phase') REPLY='one' ;;
    'sandbox faults add|--latency-ms') REPLY='text' ;;
    'sandbox faults add|--status') REPLY='text' ;;
    'sandbox faults add|--code') REPLY='text' ;;
    'sandbox faults add|--retryable') REPLY='switch' ;;
    'sandbox faults add|--no-retryable') REPLY='switch' ;;
    'sandbox faults add|--retry-after-sec') REPLY='text' ;;
    'sandbox faults add|--count') REPLY='text' ;;
    'sandbox faults add|--after') REPLY='text' ;;
    'sandbox clock advance|--freeze') REPLY='switch' ;;
    'sandbox clock set|--freeze') REPLY='switch' ;;
    'mcp|--toolset') REPLY='one' ;;
    'mcp|--max-credits') REPLY='text' ;;
    'mcp|--read-only') REPLY='switch' ;;
    'mcp config|--client') REPLY='one' ;;
    'mcp config|--write') REPLY='switch' ;;
    'mcp config|--file') REPLY='text' ;;
    'mcp config|--name') REPLY='text' ;;
    'mcp config|--toolset') REPLY='one' ;;
    'mcp config|--max-credits') REPLY='text' ;;
    'mcp config|--read-only') REPLY='switch' ;;
    'demo|--dir') REPLY='dir' ;;
    'demo|--force') REPLY='switch' ;;
    *'|--profile') REPLY='text' ;;
    *'|--sandbox') REPLY='switch' ;;
    *'|--base-url') REPLY='text' ;;
    *'|--format') REPLY='one' ;;
    *'|--json') REPLY='switch' ;;
    *'|--fields') REPLY='text' ;;
    *'|--yes'|*'|-y') REPLY='switch' ;;
    *'|--max-cost') REPLY='text' ;;
    *'|--no-wait') REPLY='switch' ;;
    *'|--quiet'|*'|-q') REPLY='switch' ;;
    *'|--debug') REPLY='switch' ;;
    *'|--no-color') REPLY='switch' ;;
    *) REPLY=switch; return 1 ;;
  esac
}

# the fixed values of flag $2 of path $1
_prospect_flag_values() {
  case "$1|$2" in
    'search people|--seniority') printf '%s\n' 'Owner' 'Founder' 'C-Suite' 'Partner' 'Vice President' 'Head' 'Director' 'Manager' 'Senior' 'Entry' 'Trainee' 'Unpaid' ;;
    'search people|--management-levels'|'search people|--management-level') printf '%s\n' 'C-Suite' 'VP' 'Director' 'Manager' ;;
    'search people|--departments'|'search people|--department') printf '%s\n' 'Engineering' 'Product' 'Design' 'Sales' 'Marketing' 'Customer Success' 'Operations' 'Finance' 'People & HR' 'Legal' 'IT' 'Data' 'Research' 'Support' 'Business Development' 'Consulting' ;;
    'search people|--job-functions'|'search people|--job-function') printf '%s\n' 'Engineering' 'Sales' 'Marketing' 'Operations' 'Finance' 'Human Resources' 'Information Technology' 'Product Management' 'Consulting' 'Business Development' ;;
    'search people|--company-headcount'|'search people|--headcount') printf '%s\n' '1-10' '11-50' '51-200' '201-500' '501-1,000' '1,001-5,000' '5,001-10,000' '10,001+' ;;
    'search people compile|--crm') printf '%s\n' 'crm_one' 'crm_two' ;;
    'search companies|--employee-count-ranges'|'search companies|--employee-count-range'|'search companies|--company-headcount'|'search companies|--headcount-range'|'search companies|--headcount') printf '%s\n' '1-10' '11-50' '51-200' '201-500' '501-1,000' '1,001-5,000' '5,001-10,000' '10,001+' ;;
    'search companies|--columns') printf '%s\n' 'Revenue' 'Funding' 'Last funding' 'Founded' 'LinkedIn' 'Headcount' ;;
    'lists find-people|--seniority') printf '%s\n' 'Owner' 'Founder' 'C-Suite' 'Partner' 'Vice President' 'Head' 'Director' 'Manager' 'Senior' 'Entry' 'Trainee' 'Unpaid' ;;
    'import|--enrich') printf '%s\n' 'partial' 'phone_only' 'full' 'none' ;;
    'credits estimate|--tool') printf '%s\n' 'search_people' 'search_companies' 'find_similar_companies' 'add_leads_to_list' 'enrich_person' 'enrich_company' 'add_person_enrichments' 'add_company_enrichments' 'enrich_list' 'bulk_import_csv' 'run_smart_agent' 'sync_to_crm' 'sync_to_sequencer' ;;
    'credits estimate|--data-points') printf '%s\n' 'Email' 'Phone' 'LinkedIn' 'Industry' 'Employees' 'Revenue' 'Funding' 'TechStack' 'Domain' ;;
    'credits estimate|--scope') printf '%s\n' 'partial' 'full' 'phone-only' ;;
    'credits estimate|--type') printf '%s\n' 'partial' 'phone_only' 'full' ;;
    'credits estimate|--agent-type') printf '%s\n' 'custom_ai' 'cold_intro_email' 'title_normalizer' 'company_intel' 'pain_point_hypothesis' ;;
    'credits estimate|--lead-scope') printf '%s\n' 'subset' 'all' ;;
    'credits estimate|--provider') printf '%s\n' 'crm_one' 'crm_two' 'sequencer_one' ;;
    'credits estimate|--sub-action') printf '%s\n' 'contacts' 'leads' ;;
    'enrich person|--type') printf '%s\n' 'partial' 'phone_only' 'full' ;;
    'enrich cohort|--data-points') printf '%s\n' 'Email' 'Phone' 'LinkedIn' 'Industry' 'Employees' 'Revenue' 'Funding' 'TechStack' 'Domain' ;;
    'enrich list|--scope') printf '%s\n' 'partial' 'full' 'phone-only' ;;
    'enrich legacy-bulk|--type') printf '%s\n' 'partial' 'phone_only' 'full' ;;
    'agents run|--type') printf '%s\n' 'custom_ai' 'cold_intro_email' 'title_normalizer' 'company_intel' 'pain_point_hypothesis' ;;
    'agents run|--scope') printf '%s\n' 'subset' 'all' ;;
    'sync crm|--provider') printf '%s\n' 'crm_one' 'crm_two' ;;
    'sync crm|--sub-action') printf '%s\n' 'contacts' 'leads' ;;
    'runs ls|--state') printf '%s\n' 'answered' 'not_charged' 'open' 'unknown' 'paid_again' ;;
    'export csv|--columns') printf '%s\n' 'lead_id' 'first_name' 'last_name' 'email' 'title' 'company' 'domain' 'linkedin_url' 'phone' 'location' ;;
    'export json|--columns') printf '%s\n' 'lead_id' 'first_name' 'last_name' 'email' 'title' 'company' 'domain' 'linkedin_url' 'phone' 'location' ;;
    'export json|--format') printf '%s\n' 'ndjson' 'csv' 'json' ;;
    'usage|--group-by') printf '%s\n' 'tool' 'key' 'day' 'error' ;;
    'api|--prefix') printf '%s\n' 'v2' 'v1' 'keys' 'root' ;;
    'sandbox serve|--scenario') printf '%s\n' 'out-of-credits' 'daily-quota-spent' 'half-failed-enrichment' 'crm-refusals' 'expired-links' ;;
    'sandbox start|--scenario') printf '%s\n' 'out-of-credits' 'daily-quota-spent' 'half-failed-enrichment' 'crm-refusals' 'expired-links' ;;
    'sandbox reset|--scenario') printf '%s\n' 'out-of-credits' 'daily-quota-spent' 'half-failed-enrichment' 'crm-refusals' 'expired-links' ;;
    'sandbox faults add|--kind') printf '%s\n' 'latency' 'status' 'drop' 'rate_limit' ;;
    'sandbox faults add|--method') printf '%s\n' 'GET' 'POST' 'PUT' 'PATCH' 'DELETE' 'HEAD' ;;
    'sandbox faults add|--phase') printf '%s\n' 'before' 'after' ;;
    'mcp|--toolset') printf '%s\n' 'read' 'standard' 'all' ;;
    'mcp config|--client') printf '%s\n' 'claude-desktop' 'claude-code' 'cursor' 'vscode' ;;
    'mcp config|--toolset') printf '%s\n' 'read' 'standard' 'all' ;;
    *'|--format') printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'tsv' ;;
    *) : ;;
  esac
}

# REPLY: how positional argument $2 (from 0) of path $1 completes
_prospect_arg_kind() {
  case "$1" in
    'search people filters') case $2 in 0) REPLY='one' ;; 1) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'search companies filters') case $2 in 0) REPLY='one' ;; 1) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'search companies similar') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'lists create') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'lists get') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'lists update') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'lists rm') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'lists leads') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'lists add') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'lists remove') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'lists find-people') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'import') case $2 in 0) REPLY='list' ;; 1) REPLY='file' ;; *) REPLY=text ;; esac ;;
    'folders create') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'enrich cohort') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'enrich list') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'enrich status') case $2 in 0) REPLY='text' ;; *) REPLY='text' ;; esac ;;
    'enrich legacy-bulk') case $2 in 0) REPLY='file' ;; *) REPLY=text ;; esac ;;
    'webhooks deliveries') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'agents run') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'agents results') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'sync crm') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'sync sequencer') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'export csv') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'export json') case $2 in 0) REPLY='list' ;; *) REPLY=text ;; esac ;;
    'keys revoke') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'keys requests') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'config get') case $2 in 0) REPLY='one' ;; *) REPLY=text ;; esac ;;
    'config set') case $2 in 0) REPLY='one' ;; 1) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'config unset') case $2 in 0) REPLY='one' ;; *) REPLY=text ;; esac ;;
    'config rm-profile') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'api') case $2 in 0) REPLY='one' ;; 1) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'sandbox clock advance') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'sandbox clock set') case $2 in 0) REPLY='text' ;; *) REPLY=text ;; esac ;;
    'sandbox snapshot save') case $2 in 0) REPLY='file' ;; *) REPLY=text ;; esac ;;
    'sandbox snapshot load') case $2 in 0) REPLY='file' ;; *) REPLY=text ;; esac ;;
    'completion') case $2 in 0) REPLY='one' ;; *) REPLY=text ;; esac ;;
    *) REPLY=text ;;
  esac
}

# the fixed values of positional argument $2 of path $1
_prospect_arg_values() {
  case "$1" in
    'search people filters') case $2 in 0) printf '%s\n' 'titles' 'seniority' 'departments' 'job_functions' 'management_levels' 'locations' 'company_headcount' 'company_industries' ;; esac ;;
    'search companies filters') case $2 in 0) printf '%s\n' 'industries' 'employee_count_ranges' 'locations' 'funding_stages' ;; esac ;;
    'config get') case $2 in 0) printf '%s\n' 'current_profile' 'base_url' 'format' 'max_cost' 'secure_storage' ;; esac ;;
    'config set') case $2 in 0) printf '%s\n' 'current_profile' 'base_url' 'format' 'max_cost' 'secure_storage' ;; esac ;;
    'config unset') case $2 in 0) printf '%s\n' 'current_profile' 'base_url' 'format' 'max_cost' 'secure_storage' ;; esac ;;
    'api') case $2 in 0) printf '%s\n' 'GET' 'POST' 'PUT' 'PATCH' 'DELETE' 'HEAD' ;; esac ;;
    'completion') case $2 in 0) printf '%s\n' 'bash' 'zsh' 'fish' ;; esac ;;
    *) : ;;
  esac
}

# Sets _prospect_path (the command named), _prospect_n (positional arguments given),
# _prospect_pending (a flag whose value is being typed), _prospect_help (after "help": only
# command names), _prospect_args_only (after "--": no flags) and the global flags that
# choose where list names come from.
_prospect_walk() {
  _prospect_path='' _prospect_n=0 _prospect_pending='' _prospect_profile='' _prospect_base_url='' _prospect_sandbox=''
  _prospect_help='' _prospect_args_only=''
  local flag
  while [ $# -gt 0 ]; do
    if [ -n "$_prospect_args_only" ]; then
      _prospect_n=$((_prospect_n + 1))
      shift
      continue
    fi
    case $1 in
      --) _prospect_args_only=1 ;;
      help)
        if [ -z "$_prospect_path" ] && [ -z "$_prospect_help" ]; then
          _prospect_help=1
        elif [ "$_prospect_n" -eq 0 ] && _prospect_child "$_prospect_path" "$1"; then
          _prospect_path=${_prospect_path:+$_prospect_path }$REPLY
        else
          _prospect_n=$((_prospect_n + 1))
        fi ;;
      --*=*) _prospect_remember "${1%%=*}" "${1#*=}" ;;
      -?*)
        if _prospect_flag_kind "$_prospect_path" "$1" && [ "$REPLY" != switch ]; then
          flag=$1
          shift
          # bash splits --flag=value into three words
          [ "$1" = = ] && shift
          if [ $# -eq 0 ]; then
            _prospect_pending=$flag
            return 0
          fi
          _prospect_remember "$flag" "$1"
        elif [ "$1" = --sandbox ]; then
          _prospect_sandbox=1
        fi ;;
      *)
        if [ "$_prospect_n" -eq 0 ] && _prospect_child "$_prospect_path" "$1"; then
          _prospect_path=${_prospect_path:+$_prospect_path }$REPLY
        else
          _prospect_n=$((_prospect_n + 1))
        fi ;;
    esac
    shift
  done
}

_prospect_remember() {
  case $1 in
    --profile) _prospect_profile=$2 ;;
    --base-url) _prospect_base_url=$2 ;;
  esac
}

# List names of the profile in use, from prospect's short-lived cache (nothing when no
# profile or key is configured).
_prospect_list_names() {
  set -- __complete lists
  [ -n "$_prospect_profile" ] && set -- "$@" --profile "$_prospect_profile"
  [ -n "$_prospect_base_url" ] && set -- "$@" --base-url "$_prospect_base_url"
  [ -n "$_prospect_sandbox" ] && set -- "$@" --sandbox
  command prospect "$@" 2>/dev/null
}

# Offers the words of $1 (one per line, a tab before any description) that start with
# what is typed; with $2 = many, completes the last item of a comma list.
_prospect_offer() {
  local typed=$cur prefix='' word quoted fits=''
  typed=${typed#[\"\']}
  typed=${typed//\\/}
  if [[ $2 == many && $typed == *,* ]]; then
    while IFS=$'\t' read -r word _; do
      [[ $word == "$typed"* ]] && fits=1
    done <<< "$1"
    if [[ -z $fits ]]; then
      prefix=${typed%,*},
      typed=${typed##*,}
    fi
  fi
  while IFS=$'\t' read -r word _; do
    if [[ -n $word && $word == "$typed"* ]]; then
      printf -v quoted '%q' "$prefix$word"
      COMPREPLY+=("$quoted")
    fi
  done <<< "$1"
}

# Completes a value: $1 how (one, many, file, dir, list), $2 the fixed values.
_prospect_value() {
  local path
  case $1 in
    one | many) _prospect_offer "$2" "$1" ;;
    file | dir)
      compopt -o filenames 2>/dev/null
      while IFS= read -r path; do
        COMPREPLY+=("$path")
      done < <(if [[ $1 == dir ]]; then compgen -d -- "$cur"; else compgen -f -- "$cur"; fi) ;;
    list) _prospect_offer "$(_prospect_list_names)" ;;
  esac
}

_prospect() {
  local cur=${COMP_WORDS[COMP_CWORD]} REPLY subcommands
  local -a before=("${COMP_WORDS[@]:1:COMP_CWORD-1}")
  # "--flag=" with the cursor after "=": bash makes "=" the current word
  [[ $cur == = ]] && cur=
  COMPREPLY=()
  _prospect_walk "${before[@]}"
  if [[ -n $_prospect_pending ]]; then
    _prospect_flag_kind "$_prospect_path" "$_prospect_pending"
    _prospect_value "$REPLY" "$(_prospect_flag_values "$_prospect_path" "$_prospect_pending")"
    return 0
  fi
  if [[ $cur == -* && -z $_prospect_args_only ]]; then
    _prospect_offer "$(_prospect_flags "$_prospect_path"; _prospect_global_flags)"
    return 0
  fi
  subcommands=$(_prospect_words "$_prospect_path")
  [[ -z $_prospect_path && -z $_prospect_help ]] && subcommands+=$'\nhelp'
  if [[ $_prospect_n -eq 0 && -n $subcommands && -z $_prospect_args_only ]]; then
    _prospect_offer "$subcommands"
    return 0
  fi
  [[ -n $_prospect_help ]] && return 0
  _prospect_arg_kind "$_prospect_path" "$_prospect_n"
  _prospect_value "$REPLY" "$(_prospect_arg_values "$_prospect_path" "$_prospect_n")"
}

complete -F _prospect prospect
