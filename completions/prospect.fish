# fish completion for prospect. Generated from the command tree by `prospect completion fish`; do not edit.
# Install: prospect completion fish > ~/.config/fish/completions/prospect.fish

function __prospect_child --argument-names path word
    switch "$path|$word"
        case '|whoami'
            echo 'whoami'
        case '|search'
            echo 'search'
        case '|lists'
            echo 'lists'
        case '|import'
            echo 'import'
        case '|folders'
            echo 'folders'
        case '|credits'
            echo 'credits'
        case '|enrich'
            echo 'enrich'
        case '|webhooks'
            echo 'webhooks'
        case '|agents'
            echo 'agents'
        case '|sync'
            echo 'sync'
        case '|runs'
            echo 'runs'
        case '|export'
            echo 'export'
        case '|keys'
            echo 'keys'
        case '|usage'
            echo 'usage'
        case '|auth'
            echo 'auth'
        case '|config'
            echo 'config'
        case '|api'
            echo 'api'
        case '|sandbox'
            echo 'sandbox'
        case '|mcp'
            echo 'mcp'
        case '|demo'
            echo 'demo'
        case '|completion'
            echo 'completion'
        case 'search|people'
            echo 'people'
        case 'search|companies'
            echo 'companies'
        case 'search people|compile'
            echo 'compile'
        case 'search people|filters'
            echo 'filters'
        case 'search people|at-companies'
            echo 'at-companies'
        case 'search companies|filters'
            echo 'filters'
        case 'search companies|similar'
            echo 'similar'
        case 'lists|ls' 'lists|list'
            echo 'ls'
        case 'lists|create'
            echo 'create'
        case 'lists|get'
            echo 'get'
        case 'lists|update'
            echo 'update'
        case 'lists|rm' 'lists|delete'
            echo 'rm'
        case 'lists|leads'
            echo 'leads'
        case 'lists|add'
            echo 'add'
        case 'lists|remove'
            echo 'remove'
        case 'lists|find-people'
            echo 'find-people'
        case 'folders|create'
            echo 'create'
        case 'credits|balance'
            echo 'balance'
        case 'credits|estimate'
            echo 'estimate'
        case 'enrich|person'
            echo 'person'
        case 'enrich|company'
            echo 'company'
        case 'enrich|cohort'
            echo 'cohort'
        case 'enrich|list'
            echo 'list'
        case 'enrich|status'
            echo 'status'
        case 'enrich|legacy-bulk'
            echo 'legacy-bulk'
        case 'enrich|legacy-status'
            echo 'legacy-status'
        case 'webhooks|deliveries'
            echo 'deliveries'
        case 'agents|run'
            echo 'run'
        case 'agents|ls' 'agents|list'
            echo 'ls'
        case 'agents|results'
            echo 'results'
        case 'sync|crm'
            echo 'crm'
        case 'sync|sequencer'
            echo 'sequencer'
        case 'runs|ls' 'runs|list'
            echo 'ls'
        case 'export|csv'
            echo 'csv'
        case 'export|json'
            echo 'json'
        case 'keys|create'
            echo 'create'
        case 'keys|ls' 'keys|list'
            echo 'ls'
        case 'keys|revoke'
            echo 'revoke'
        case 'keys|revoke-all'
            echo 'revoke-all'
        case 'keys|requests'
            echo 'requests'
        case 'auth|login'
            echo 'login'
        case 'auth|status'
            echo 'status'
        case 'auth|logout'
            echo 'logout'
        case 'auth|migrate'
            echo 'migrate'
        case 'config|get'
            echo 'get'
        case 'config|set'
            echo 'set'
        case 'config|ls' 'config|list'
            echo 'ls'
        case 'config|unset'
            echo 'unset'
        case 'config|rm-profile'
            echo 'rm-profile'
        case 'sandbox|serve'
            echo 'serve'
        case 'sandbox|start'
            echo 'start'
        case 'sandbox|stop'
            echo 'stop'
        case 'sandbox|status'
            echo 'status'
        case 'sandbox|reset'
            echo 'reset'
        case 'sandbox|jwt'
            echo 'jwt'
        case 'sandbox|faults'
            echo 'faults'
        case 'sandbox|clock'
            echo 'clock'
        case 'sandbox|snapshot'
            echo 'snapshot'
        case 'sandbox faults|add'
            echo 'add'
        case 'sandbox faults|ls' 'sandbox faults|list'
            echo 'ls'
        case 'sandbox faults|clear'
            echo 'clear'
        case 'sandbox clock|advance'
            echo 'advance'
        case 'sandbox clock|show'
            echo 'show'
        case 'sandbox clock|set'
            echo 'set'
        case 'sandbox clock|freeze'
            echo 'freeze'
        case 'sandbox clock|unfreeze'
            echo 'unfreeze'
        case 'sandbox snapshot|save'
            echo 'save'
        case 'sandbox snapshot|load'
            echo 'load'
        case 'mcp|config'
            echo 'config'
        case '*'
            return 1
    end
end

function __prospect_words --argument-names path
    switch "$path"
        case ''
            printf '%s\t%s\n' 'whoami' 'Show the user, organization, tier and scopes of the credential' 'search' 'Search people and companies (free)' 'lists' 'Lead lists: create, read, change, delete, and their leads (free)' 'import' 'Import a CSV of any size into a list (streamed, chunked, safe to re-run; free)' 'folders' 'Folders for lead lists' 'credits' 'Credit balance and estimates' 'enrich' 'Enrich people, companies, cohorts and lists with verified emails and phones (pa…' 'webhooks' 'Delivery log of v1 enrichment webhooks' 'agents' 'Smart agents: one AI instruction run over each lead of a list (paid)' 'sync' 'Push a list to a CRM or into a sequencer campaign (paid)' 'runs' 'Paid runs sent from this machine, from the paid-run journal (local files; free)' 'export' 'Export a list as CSV or JSON (free)' 'keys' 'Create, list and revoke API keys, and read their request logs (session JWT)' 'usage' 'API calls, credits and errors by tool, key, day or error code' 'auth' 'Log in, check and remove stored credentials' 'config' 'Read and change saved settings' 'api' 'Send a raw request with auth, retries and error handling' 'sandbox' 'Run the local sandbox of the service' 'mcp' 'Serve the tools to AI assistants over MCP (stdio); paid runs priced first' 'demo' 'A guided tour on the local sandbox' 'completion' 'Print the shell completion script for bash, zsh or fish'
        case 'search'
            printf '%s\t%s\n' 'people' 'Search people by flat filters or criteria (free; rows carry no email or phone)' 'companies' 'Search companies by flat filters, the raw shape or criteria (free)'
        case 'search people'
            printf '%s\t%s\n' 'compile' 'Show the filters and route a criteria object compiles to' 'filters' 'Look up the values of a people filter field' 'at-companies' 'Find people at a set of companies (an async job)'
        case 'search companies'
            printf '%s\t%s\n' 'filters' 'Look up the values of a company filter field' 'similar' 'Companies most like a seed company'
        case 'lists'
            printf '%s\t%s\n' 'ls' 'Lists you own, your organization'\''s and those shared with you' 'create' 'Create a private list (your list of the same name is reused)' 'get' 'Show one list by id or exact name' 'update' 'Rename a list, change its description or folder' 'rm' 'Delete a list (its lead records stay)' 'leads' 'A list'\''s leads, a page at a time or --all' 'add' 'Add leads by task_id (a search or list page) or by lead id (free)' 'remove' 'Remove leads from a list (the records stay)' 'find-people' 'Find people at companies of a list and add them (a job; free)'
        case 'folders'
            printf '%s\t%s\n' 'create' 'Create a folder for lead lists'
        case 'credits'
            printf '%s\t%s\n' 'balance' 'Show the organization'\''s spendable credits' 'estimate' 'Price a paid operation and get a single-use quote (free)'
        case 'enrich'
            printf '%s\t%s\n' 'person' 'Find the verified email and/or phone of one person (paid, asks first)' 'company' 'Look up one company: industry, headcount, funding, tech stack (1 credit)' 'cohort' 'Enrich the rows of a search or list page by task_id (paid, asks first)' 'list' 'Enrich every lead of a list, or a subset (paid, asks first)' 'status' 'Show an enrichment run: progress, credits charged and refunded' 'legacy-bulk' 'Enrich up to 250 contacts through v1, with an optional webhook (paid)' 'legacy-status' 'Show a v1 bulk run or one of its contacts'
        case 'webhooks'
            printf '%s\t%s\n' 'deliveries' 'List the delivery attempts of a v1 run'\''s webhook'
        case 'agents'
            printf '%s\t%s\n' 'run' 'Run a smart agent over the leads of a list into a column (paid, asks first)' 'ls' 'List smart-agent runs, newest first (free)' 'results' 'Show a smart-agent run'\''s output per lead (partial while it runs; free)'
        case 'sync'
            printf '%s\t%s\n' 'crm' 'Push a list to a connected CRM (previews first; paid, asks first)' 'sequencer' 'Push a list into a sequencer campaign (previews first; paid, asks first)'
        case 'runs'
            printf '%s\t%s\n' 'ls' 'Paid runs sent from here: answered, not charged, open or unknown'
        case 'export'
            printf '%s\t%s\n' 'csv' 'Download a list as a CSV file through a signed link (free)' 'json' 'Stream a list as JSON, NDJSON or CSV, resumable (free)'
        case 'keys'
            printf '%s\t%s\n' 'create' 'Create an API key; the secret is shown once (or saved to a profile)' 'ls' 'API keys of the organization, active and revoked (never the whole secret)' 'revoke' 'Revoke one API key for good (asks first)' 'revoke-all' 'Revoke every active API key of your user (type to confirm)' 'requests' 'A key'\''s request log: path, status, IP, user agent, time'
        case 'auth'
            printf '%s\t%s\n' 'login' 'Check an API key and save it in a profile' 'status' 'Show the profile, base URL, masked key and identity in use' 'logout' 'Remove the stored key of a profile' 'migrate' 'Move secrets kept in the config file into the OS keychain'
        case 'config'
            printf '%s\t%s\n' 'get' 'Print one setting of a profile' 'set' 'Change one setting of a profile' 'ls' 'List profiles and their settings (keys masked)' 'unset' 'Remove one setting of a profile' 'rm-profile' 'Remove a saved profile, its settings and credentials'
        case 'sandbox'
            printf '%s\t%s\n' 'serve' 'Run the sandbox in the foreground' 'start' 'Start the sandbox in the background' 'stop' 'Stop the background sandbox' 'status' 'Show whether the sandbox runs, its URL and pid' 'reset' 'Reset the sandbox to its seeded state' 'jwt' 'Print a session JWT for a demo user (for key management)' 'faults' 'Inject faults into the running sandbox: latency, errors, dropped connections, 4…' 'clock' 'Show, move, set or freeze the running sandbox'\''s clock' 'snapshot' 'Save the running sandbox'\''s whole state to a file, or load one'
        case 'sandbox faults'
            printf '%s\t%s\n' 'add' 'Add a fault rule: delay, error, drop or 429 for matching requests' 'ls' 'List the fault rules in force, with how often each matched and applied' 'clear' 'Remove every fault rule'
        case 'sandbox clock'
            printf '%s\t%s\n' 'advance' 'Move the sandbox clock forward (90s, 5m, 2h, 1d) without waiting' 'show' 'Show the sandbox clock: its time, frozen or running' 'set' 'Set the sandbox clock to an ISO 8601 time' 'freeze' 'Stop the sandbox clock where it is' 'unfreeze' 'Let the sandbox clock run on from where it stands'
        case 'sandbox snapshot'
            printf '%s\t%s\n' 'save' 'Save the whole sandbox state (clock included) to a file' 'load' 'Replace the sandbox state with a saved snapshot'
        case 'mcp'
            printf '%s\t%s\n' 'config' 'Print or write an AI client'\''s MCP settings for this binary and profile'
        case '*'
            true
    end
end

function __prospect_flags --argument-names path
    switch "$path"
        case 'search people'
            printf '%s\t%s\n' '--titles' 'current job title, exact and case-sensitive; repeatable (also --title)' '--seniority' 'seniority; repeatable or comma-separated' '--management-levels' 'management level; repeatable or comma-separated (also --management-level)' '--departments' 'department; repeatable or comma-separated (also --department)' '--job-functions' 'job function; repeatable or comma-separated (also --job-function)' '--locations' 'full location "City, State, Country"; repeatable (also --location)' '--location-city' 'city, bare name; repeatable or comma-separated (also --city)' '--location-state' 'state or region, bare name; repeatable or comma-separated (also --state)' '--location-country' 'country, bare name; repeatable or comma-separated (also --country)' '--school-names' 'school attended; repeatable (also --school)' '--skills' 'skill on the profile; repeatable or comma-separated (also --skill)' '--languages' 'language on the profile; repeatable or comma-separated (also --language)' '--company-names' 'current employer name; repeatable (also --company-name, --company)' '--company-domains' 'current employer domain (more reliable than names); repeatable or comma-separat…' '--company-industries' 'employer industry; repeatable (also --company-industry, --industry)' '--company-headcount' 'employer headcount band (501-1000 also works); repeatable or comma-separated (a…' '--company-locations' 'employer HQ location; repeatable (also --company-location)' '--filters' 'flat filters as a JSON object: a file, - for stdin, or inline JSON (flags add t…' '--criteria' 'the criteria form as a JSON object: a file, - for stdin, or inline JSON' '--limit' 'how many people in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'people a request asks for (1-100)' '--cursor' 'start after a previous page (send the same filters)' '--all' 'follow cursors to the last page and stream every row (not with --limit)' '--no-header' 'csv and tsv: leave out the header line (to append to a file that has one)' '--max-pages' 'stop after this many searches (pages)' '--save-to' 'save the rows found into this list (id or exact name; free)' '--create' 'with --save-to, create the list when no list has that name' '--no-check' 'send --title values as typed, without looking each up first (the lookup is free…'
        case 'search people compile'
            printf '%s\t%s\n' '--criteria' 'the criteria object: a file, - for stdin, or inline JSON (required)' '--company-criteria' 'employer criteria: a file, - for stdin, or inline JSON' '--crm' 'CRM whose records to exclude'
        case 'search people at-companies'
            printf '%s\t%s\n' '--person-filter' 'people to find: {"type":"group_filter","op":"and","filters":[{"column","filter_…' '--company-filter' 'companies to search: the raw {"op","conditions":[{"column","type","value"}]} sh…' '--company-linkedin-urls' 'LinkedIn company URLs; repeatable or comma-separated (intersected with --compan…' '--limit' 'people in this block (1-1000)' '--cursor' 'the next block after a completed job (send the same filters)' '--task' 'watch a job already started instead of starting one'
        case 'search companies'
            printf '%s\t%s\n' '--industries' 'industry label; repeatable (also --industry, --linkedin-industries)' '--employee-count-ranges' 'headcount band (501-1000 also works); repeatable or comma-separated (also --emp…' '--locations' 'HQ location; bare city names match best; repeatable (also --location, --hq, --c…' '--hq-country' 'HQ country; repeatable or comma-separated (also --country)' '--funding-stages' 'last funding round, matched verbatim (e.g. "Series A"); repeatable or comma-sep…' '--names' 'company display name; repeatable (also --name, --company-names, --company-name)' '--domains' 'company domain (the reliable identifier); repeatable or comma-separated (also -…' '--year-founded' 'year founded; repeatable or comma-separated (also --founded)' '--company-type' 'company type, e.g. "Privately Held"; repeatable' '--filters' 'flat filters (or the raw {op, conditions} shape) as JSON: a file, - for stdin, …' '--criteria' 'the criteria form (revenueMin, industriesInclude, hqCountriesIso3, ...) as JSON…' '--columns' 'extra row fields; repeatable or comma-separated' '--limit' 'how many companies in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'companies a request asks for (1-500)' '--cursor' 'start after a previous page (send the same filters)' '--all' 'follow cursors to the last page and stream every row (not with --limit)' '--no-header' 'csv and tsv: leave out the header line (to append to a file that has one)' '--save-to' 'save the rows found into this list (id or exact name; free)' '--create' 'with --save-to, create the list when no list has that name' '--max-pages' 'stop after this many requests (pages)'
        case 'search companies similar'
            printf '%s\t%s\n' '--id' 'company_id of the seed instead of a domain' '--limit' 'how many (1-100)'
        case 'lists ls'
            printf '%s\t%s\n' '--folder' 'only the lists in this folder' '--limit' 'how many lists in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'lists a request asks for (1-100)' '--cursor' 'start after a previous page' '--all' 'every list, streamed (not with --limit)'
        case 'lists create'
            printf '%s\t%s\n' '--description' 'what the list is for' '--folder' 'a folder of yours to put it in'
        case 'lists update'
            printf '%s\t%s\n' '--name' 'a new name (1-200 characters)' '--description' 'a new description' '--clear-description' 'remove the description' '--folder' 'move the list into a folder of yours' '--no-folder' 'take the list out of its folder'
        case 'lists leads'
            printf '%s\t%s\n' '--limit' 'how many leads in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'leads a request asks for (1-500)' '--cursor' 'start after a previous page' '--all' 'every lead, streamed (not with --limit)' '--no-header' 'csv and tsv: leave out the header line (to append to a file that has one)'
        case 'lists add'
            printf '%s\t%s\n' '--task' 'the task_id of a search or of a list page' '--ids' 'with --task: only these entity ids (up to 2000); repeatable or comma-separated' '--lead-ids' 'workspace lead ids; repeatable or comma-separated (sent 1000 at a time)' '--lead-ids-file' 'workspace lead ids, one per line (- for stdin)'
        case 'lists remove'
            printf '%s\t%s\n' '--lead-ids' 'lead ids; repeatable or comma-separated (sent 100 at a time)' '--lead-ids-file' 'lead ids, one per line (- for stdin)'
        case 'lists find-people'
            printf '%s\t%s\n' '--company-ids' 'company ids of the list (1-100); repeatable or comma-separated' '--title' 'job titles to look for; repeatable' '--seniority' 'seniority levels; repeatable or comma-separated' '--limit-per-company' 'people per company (1-25)' '--state' 'only people in this state or region' '--country' 'only people in this country' '--workflow' 'watch a job already started instead of starting one'
        case 'import'
            printf '%s\t%s\n' '--map' 'map a column onto a field (repeatable); overrides the automatic mapping' '--enrich' 'enrich the imported rows (none: free); credits per person found: partial 1, pho…' '--all-rows' 'with --enrich: enrich every row, also those that already hold what it finds (by…' '--keep-apostrophes' 'send cells as written: by default a cell that export csv escaped (one leading '\''…' '--dry-run' 'read the file, print the mapping and the chunk plan, send nothing' '--create' 'create the list when no list has that name' '--strict' 'with --enrich: exit 8 when a run ends completed_with_errors'
        case 'folders create'
            printf '%s\t%s\n' '--parent' 'the folder id (a UUID) to create it in'
        case 'credits estimate'
            printf '%s\t%s\n' '--tool' 'the operation to price' '--list' 'the list (id or exact name) for enrich_list, run_smart_agent, sync_to_crm, sync…' '--task' 'the cohort (svc-task_...) for add_person_enrichments and add_company_enrichments' '--entity-ids' 'a subset of the cohort; repeatable or comma-separated' '--data-points' 'what to find: the first 3 for people, the other 6 for companies, one kind at a …' '--rows' 'rows, for tools without a list or cohort (bulk_import_csv, enrich_person ...)' '--scope' 'enrich_list: what to find' '--type' 'enrich_person, bulk_import_csv: what to find (bulk_import_csv needs it)' '--include-phone' 'enrich_person legacy flag (phone_only); --type wins' '--lead-ids' 'enrich_list: quote a subset of the list (1-500 lead ids)' '--lead-ids-file' 'enrich_list: the subset from a file (- for stdin)' '--agent-type' 'run_smart_agent: the agent' '--column' 'run_smart_agent: the output column' '--prompt' 'run_smart_agent (custom_ai): the instruction' '--template' 'run_smart_agent (cold_intro_email): the template' '--lead-scope' 'run_smart_agent: the first --max-rows leads (subset) or every lead' '--max-rows' 'run_smart_agent: rows of a subset (1-10000)' '--overwrite' 'run_smart_agent: also leads that already hold a value' '--provider' 'sync: the CRM or sequencer' '--sub-action' 'sync_to_crm: the CRM object to write' '--campaign' 'sync_to_sequencer: the campaign' '--mapping' 'sync: the field mapping as a JSON object (file, - or inline), as the sync will …'
        case 'enrich person'
            printf '%s\t%s\n' '--list' 'the list the lead is saved to (id or exact name); required' '--email' 'a known email of the person' '--linkedin' 'the LinkedIn profile URL' '--person-id' 'a lead id (ld_...) or a search row id (sp_...)' '--first' 'first name (with --last and --company or --domain)' '--last' 'last name' '--company' 'company name' '--domain' 'company domain' '--phone' 'a phone number already known' '--type' 'what to find: partial is email and profile, phone_only the phone, full both; cr…' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…'
        case 'enrich company'
            printf '%s\t%s\n' '--domain' 'the company domain (most reliable)' '--name' 'the company name' '--ticker' 'the stock ticker' '--id' 'a company id (cmp_...) from a company search' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…'
        case 'enrich cohort'
            printf '%s\t%s\n' '--data-points' 'what to find: the first 3 for people, the other 6 for companies, one kind at a …' '--entity-ids' 'only these rows of the cohort; repeatable or comma-separated' '--list' 'the list person results go to' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' '--strict' 'exit 8 when the run ends completed_with_errors (some rows found nothing)'
        case 'enrich list'
            printf '%s\t%s\n' '--scope' 'what to find: partial is email and profile, full adds the phone, phone-only the…' '--lead-ids' 'only these leads of the list (runs of up to 500 each); repeatable or comma-sepa…' '--lead-ids-file' 'lead ids from a file, one per line (- for stdin)' '--all-leads' 'enrich every selected lead again, even those that already have what the scope f…' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' '--strict' 'exit 8 when the run ends completed_with_errors (some rows found nothing)'
        case 'enrich status'
            printf '%s\t%s\n' '--wait' 'wait until the run ends (every run, given several), with progress' '--strict' 'exit 8 when the run ends completed_with_errors (some rows found nothing)'
        case 'enrich legacy-bulk'
            printf '%s\t%s\n' '--type' 'what to find: partial is email and profile, phone_only the phone, full both; cr…' '--webhook-url' 'an https URL to POST the results to when the run ends (5 attempts)' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing'
        case 'enrich legacy-status'
            printf '%s\t%s\n' '--workflow' 'a v1 run (public_bulk_...)' '--task' 'one contact of a v1 run'
        case 'webhooks deliveries'
            printf '%s\t%s\n' '--limit' 'attempts to show (1-200)'
        case 'agents run'
            printf '%s\t%s\n' '--type' 'the agent' '--column' 'the list column to write (up to 100 characters, not a lead field such as email …' '--prompt' 'the instruction for custom_ai' '--prompt-file' 'the instruction from a file (- for stdin), for long prompts' '--template' 'cold_intro_email: the email template' '--scope' 'subset (the first --max-rows leads) or all' '--max-rows' 'with --scope subset: how many leads (1-10000)' '--overwrite' 'also run over leads that already hold a value in the column' '--dry-run' 'estimate only: print the quote (cost, rows, balance) and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…' '--strict' 'exit 8 when the run ends with leads that got no value (a warning and exit 0 wit…'
        case 'agents ls'
            printf '%s\t%s\n' '--list' 'only runs over this list (an id or the exact name)' '--limit' 'how many runs (1-100)'
        case 'agents results'
            printf '%s\t%s\n' '--wait' 'wait until the run ends, with progress' '--strict' 'exit 8 when the run ends with leads that got no value (a warning and exit 0 wit…'
        case 'sync crm'
            printf '%s\t%s\n' '--provider' 'the CRM (required)' '--sub-action' 'the CRM object to write (crm_one: contacts; crm_two: leads or contacts)' '--mapping' 'a JSON object {"list column": "destination property"}: a file, - for stdin, or …' '--dry-run' 'preview and estimate only: print the quote, push and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…'
        case 'sync sequencer'
            printf '%s\t%s\n' '--campaign' 'the campaign: its id or exact name (an unknown one lists the campaigns of the s…' '--mapping' 'a JSON object {"list column": "destination property"}: a file, - for stdin, or …' '--dry-run' 'preview and estimate only: print the quote, push and spend nothing' '--pay-again' 'pay for a new run even though an identical earlier one got no answer (its quote…'
        case 'runs ls'
            printf '%s\t%s\n' '--state' 'only runs in this state' '--limit' 'how many runs (1-1000)'
        case 'export csv'
            printf '%s\t%s\n' '--output' 'where to write the CSV (- for stdout)' '-o' 'where to write the CSV (- for stdout)' '--columns' 'columns in this order, or a smart-agent column of the list; repeatable or comma…' '--no-smart-agents' 'leave out the list'\''s smart-agent columns' '--force' 'replace the output file if it exists'
        case 'export json'
            printf '%s\t%s\n' '--all' 'every lead, streamed, with a checkpoint after each page (not with --limit)' '--limit' 'how many leads in all, over as many requests as it takes (1-1,000,000)' '--page-size' 'leads a request asks for (1-500)' '--cursor' 'start after a previous page' '--columns' 'columns in this order, or a smart-agent column of the list; repeatable or comma…' '--output' 'write to FILE (through FILE.part)' '-o' 'write to FILE (through FILE.part)' '--resume' 'continue the interrupted --all export of the same list, columns, format and out…' '--force' 'replace the output file if it exists'
        case 'keys create'
            printf '%s\t%s\n' '--name' 'a name to recognize the key by' '--expires' 'ISO 8601 date or date-time in the future when the key stops working' '--save-profile' 'save the new key (and this base URL) in this profile instead of printing it' '--secure-storage' 'where the secret goes: auto (the OS keychain, else the config file with a warni…' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…'
        case 'keys ls'
            printf '%s\t%s\n' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…'
        case 'keys revoke'
            printf '%s\t%s\n' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…'
        case 'keys revoke-all'
            printf '%s\t%s\n' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…'
        case 'keys requests'
            printf '%s\t%s\n' '--limit' 'how many requests (1-500)' '--jwt-stdin' 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandb…'
        case 'usage'
            printf '%s\t%s\n' '--days' 'how many days back (1-365)' '--group-by' 'what each row counts'
        case 'auth login'
            printf '%s\t%s\n' '--with-token' 'read the key (or JWT) from stdin instead of prompting' '--jwt' 'save a session JWT for key management instead of an API key' '--secure-storage' 'where the secret goes: auto (the OS keychain, else the config file with a warni…'
        case 'api'
            printf '%s\t%s\n' '--raw-field' 'add a string field (repeatable; key[]=v builds an array)' '-f' 'add a string field (repeatable; key[]=v builds an array)' '--field' 'add a typed field: numbers, true, false and null are parsed (repeatable)' '-F' 'add a typed field: numbers, true, false and null are parsed (repeatable)' '--input' 'read the JSON body from a file, or - for stdin' '--paginate' 'follow cursor until the last page and print every row' '--prefix' 'path prefix: v2 is /api/v2, v1 /api/v1/public, keys /api/v1/api-keys, root none' '--header' 'add a request header (repeatable)' '-H' 'add a request header (repeatable)'
        case 'sandbox serve'
            printf '%s\t%s\n' '--port' 'port to listen on (0 picks a free one)' '--seed' 'seed of the synthetic data set (same seed, same rows)' '--people' 'people in the synthetic data set' '--companies' 'companies in the synthetic data set' '--state' 'load state from this file and save it there on exit' '--fixtures' 'JSON file of organizations, users, keys, lists and leads to load' '--scenario' 'named state of the demo organization to start from (docs/sandbox-fixtures.md, S…' '--no-rate-limits' 'switch rate limiting off (benchmarks, bulk scripts); a reset keeps it off'
        case 'sandbox start'
            printf '%s\t%s\n' '--port' 'port to listen on (0 picks a free one)' '--seed' 'seed of the synthetic data set (same seed, same rows)' '--people' 'people in the synthetic data set' '--companies' 'companies in the synthetic data set' '--state' 'load state from this file and save it there on exit' '--fixtures' 'JSON file of organizations, users, keys, lists and leads to load' '--scenario' 'named state of the demo organization to start from (docs/sandbox-fixtures.md, S…' '--no-rate-limits' 'switch rate limiting off (benchmarks, bulk scripts); a reset keeps it off'
        case 'sandbox reset'
            printf '%s\t%s\n' '--scenario' 'named state of the demo organization to start from (docs/sandbox-fixtures.md, S…'
        case 'sandbox jwt'
            printf '%s\t%s\n' '--user' 'user id or email'
        case 'sandbox faults add'
            printf '%s\t%s\n' '--kind' 'what the rule does: delay, answer an error, drop the connection or answer 429 (…' '--path' 'text the request path (with its query) holds, * for any run of characters, e.g.…' '--method' 'only requests of this HTTP method' '--phase' 'before: instead of handling the request; after: once it is handled (its work do…' '--latency-ms' 'delay of a latency rule, in milliseconds (up to 120000)' '--status' 'HTTP status a status rule answers (400 to 599)' '--code' 'the error code of the answer (one of the service'\''s codes, e.g. internal_error o…' '--retryable' 'mark the injected error retryable' '--no-retryable' 'mark the injected error not retryable' '--retry-after-sec' 'Retry-After of the answer, in seconds (up to 86400)' '--count' 'how many times the rule applies' '--after' 'matching requests let through untouched before the rule applies'
        case 'sandbox clock advance'
            printf '%s\t%s\n' '--freeze' 'stop the clock where the move leaves it'
        case 'sandbox clock set'
            printf '%s\t%s\n' '--freeze' 'stop the clock at that time'
        case 'mcp'
            printf '%s\t%s\n' '--toolset' 'the tools offered: read (reads only), standard (and list changes, imports, enri…' '--max-credits' 'credits the assistant may spend in the session without asking the person (0: ev…' '--read-only' 'only the tools that change nothing and spend nothing'
        case 'mcp config'
            printf '%s\t%s\n' '--client' 'the AI client the settings are for (required)' '--write' 'merge the entry into the client'\''s settings file: only the entry of --name chang…' '--file' 'the settings file to write' '--name' 'the server name in the client (letters, digits, - and _): another one per profi…' '--toolset' 'the tools offered: read (reads only), standard (and list changes, imports, enri…' '--max-credits' 'credits the assistant may spend in the session without asking the person (0: ev…' '--read-only' 'only the tools that change nothing and spend nothing'
        case 'demo'
            printf '%s\t%s\n' '--dir' 'where to write the sample CSV (demo-leads.csv) and the export (engineering-lead…' '--force' 'replace those files when --dir already holds them'
        case '*'
            true
    end
end

function __prospect_global_flags
    printf '%s\t%s\n' '--profile' 'use this saved profile (env PROSPECT_PROFILE)' '--sandbox' 'use the local sandbox with the demo organization, starting it if needed' '--base-url' 'service URL (env PROSPECT_BASE_URL); https unless loopback' '--format' 'output format (env PROSPECT_FORMAT)' '--json' 'same as --format json' '--fields' 'comma-separated fields to show, in this order (every format)' '--yes' 'answer yes to confirmations (paid work still respects --max-cost)' '-y' 'answer yes to confirmations (paid work still respects --max-cost)' '--max-cost' 'never spend more than this many credits in one command' '--no-wait' 'start remote work, print its handle and return without waiting' '--quiet' 'no progress, hints or informational messages on stderr' '-q' 'no progress, hints or informational messages on stderr' '--debug' 'trace HTTP requests on stderr (credentials redacted)' '--no-color' 'no colour (also NO_COLOR)'
end

function __prospect_flag_kind --argument-names path flag
    switch "$path|$flag"
        case 'search people|--titles' 'search people|--title'
            echo text
        case 'search people|--seniority'
            echo many
        case 'search people|--management-levels' 'search people|--management-level'
            echo many
        case 'search people|--departments' 'search people|--department'
            echo many
        case 'search people|--job-functions' 'search people|--job-function'
            echo many
        case 'search people|--locations' 'search people|--location'
            echo text
        case 'search people|--location-city' 'search people|--city'
            echo text
        case 'search people|--location-state' 'search people|--state'
            echo text
        case 'search people|--location-country' 'search people|--country'
            echo text
        case 'search people|--school-names' 'search people|--school'
            echo text
        case 'search people|--skills' 'search people|--skill'
            echo text
        case 'search people|--languages' 'search people|--language'
            echo text
        case 'search people|--company-names' 'search people|--company-name' 'search people|--company'
            echo text
        case 'search people|--company-domains' 'search people|--company-domain' 'search people|--domain'
            echo text
        case 'search people|--company-industries' 'search people|--company-industry' 'search people|--industry'
            echo text
        case 'search people|--company-headcount' 'search people|--headcount'
            echo many
        case 'search people|--company-locations' 'search people|--company-location'
            echo text
        case 'search people|--filters'
            echo file
        case 'search people|--criteria'
            echo file
        case 'search people|--limit'
            echo text
        case 'search people|--page-size'
            echo text
        case 'search people|--cursor'
            echo text
        case 'search people|--all'
            echo switch
        case 'search people|--no-header'
            echo switch
        case 'search people|--max-pages'
            echo text
        case 'search people|--save-to'
            echo list
        case 'search people|--create'
            echo switch
        case 'search people|--no-check'
            echo switch
        case 'search people compile|--criteria'
            echo file
        case 'search people compile|--company-criteria'
            echo file
        case 'search people compile|--crm'
            echo one
        case 'search people at-companies|--person-filter'
            echo file
        case 'search people at-companies|--company-filter'
            echo file
        case 'search people at-companies|--company-linkedin-urls'
            echo text
        case 'search people at-companies|--limit'
            echo text
        case 'search people at-companies|--cursor'
            echo text
        case 'search people at-companies|--task'
            echo text
        case 'search companies|--industries' 'search companies|--industry' 'search companies|--linkedin-industries'
            echo text
        case 'search companies|--employee-count-ranges' 'search companies|--employee-count-range' 'search companies|--company-headcount' 'search companies|--headcount-range' 'search companies|--headcount'
            echo many
        case 'search companies|--locations' 'search companies|--location' 'search companies|--hq' 'search companies|--company-locations' 'search companies|--company-hq' 'search companies|--hq-location'
            echo text
        case 'search companies|--hq-country' 'search companies|--country'
            echo text
        case 'search companies|--funding-stages' 'search companies|--funding-stage' 'search companies|--last-funding-round-type'
            echo text
        case 'search companies|--names' 'search companies|--name' 'search companies|--company-names' 'search companies|--company-name'
            echo text
        case 'search companies|--domains' 'search companies|--domain' 'search companies|--company-domains' 'search companies|--company-website-domain'
            echo text
        case 'search companies|--year-founded' 'search companies|--founded'
            echo text
        case 'search companies|--company-type'
            echo text
        case 'search companies|--filters'
            echo file
        case 'search companies|--criteria'
            echo file
        case 'search companies|--columns'
            echo many
        case 'search companies|--limit'
            echo text
        case 'search companies|--page-size'
            echo text
        case 'search companies|--cursor'
            echo text
        case 'search companies|--all'
            echo switch
        case 'search companies|--no-header'
            echo switch
        case 'search companies|--save-to'
            echo list
        case 'search companies|--create'
            echo switch
        case 'search companies|--max-pages'
            echo text
        case 'search companies similar|--id'
            echo text
        case 'search companies similar|--limit'
            echo text
        case 'lists ls|--folder'
            echo text
        case 'lists ls|--limit'
            echo text
        case 'lists ls|--page-size'
            echo text
        case 'lists ls|--cursor'
            echo text
        case 'lists ls|--all'
            echo switch
        case 'lists create|--description'
            echo text
        case 'lists create|--folder'
            echo text
        case 'lists update|--name'
            echo text
        case 'lists update|--description'
            echo text
        case 'lists update|--clear-description'
            echo switch
        case 'lists update|--folder'
            echo text
        case 'lists update|--no-folder'
            echo switch
        case 'lists leads|--limit'
            echo text
        case 'lists leads|--page-size'
            echo text
        case 'lists leads|--cursor'
            echo text
        case 'lists leads|--all'
            echo switch
        case 'lists leads|--no-header'
            echo switch
        case 'lists add|--task'
            echo text
        case 'lists add|--ids'
            echo text
        case 'lists add|--lead-ids'
            echo text
        case 'lists add|--lead-ids-file'
            echo file
        case 'lists remove|--lead-ids'
            echo text
        case 'lists remove|--lead-ids-file'
            echo file
        case 'lists find-people|--company-ids'
            echo text
        case 'lists find-people|--title'
            echo text
        case 'lists find-people|--seniority'
            echo many
        case 'lists find-people|--limit-per-company'
            echo text
        case 'lists find-people|--state'
            echo text
        case 'lists find-people|--country'
            echo text
        case 'lists find-people|--workflow'
            echo text
        case 'import|--map'
            echo text
        case 'import|--enrich'
            echo one
        case 'import|--all-rows'
            echo switch
        case 'import|--keep-apostrophes'
            echo switch
        case 'import|--dry-run'
            echo switch
        case 'import|--create'
            echo switch
        case 'import|--strict'
            echo switch
        case 'folders create|--parent'
            echo text
        case 'credits estimate|--tool'
            echo one
        case 'credits estimate|--list'
            echo list
        case 'credits estimate|--task'
            echo text
        case 'credits estimate|--entity-ids'
            echo text
        case 'credits estimate|--data-points'
            echo many
        case 'credits estimate|--rows'
            echo text
        case 'credits estimate|--scope'
            echo one
        case 'credits estimate|--type'
            echo one
        case 'credits estimate|--include-phone'
            echo switch
        case 'credits estimate|--lead-ids'
            echo text
        case 'credits estimate|--lead-ids-file'
            echo file
        case 'credits estimate|--agent-type'
            echo one
        case 'credits estimate|--column'
            echo text
        case 'credits estimate|--prompt'
            echo text
        case 'credits estimate|--template'
            echo text
        case 'credits estimate|--lead-scope'
            echo one
        case 'credits estimate|--max-rows'
            echo text
        case 'credits estimate|--overwrite'
            echo switch
        case 'credits estimate|--provider'
            echo one
        case 'credits estimate|--sub-action'
            echo one
        case 'credits estimate|--campaign'
            echo text
        case 'credits estimate|--mapping'
            echo file
        case 'enrich person|--list'
            echo list
        case 'enrich person|--email'
            echo text
        case 'enrich person|--linkedin'
            echo text
        case 'enrich person|--person-id'
            echo text
        case 'enrich person|--first'
            echo text
        case 'enrich person|--last'
            echo text
        case 'enrich person|--company'
            echo text
        case 'enrich person|--domain'
            echo text
        case 'enrich person|--phone'
            echo text
        case 'enrich person|--type'
            echo one
        case 'enrich person|--dry-run'
            echo switch
        case 'enrich person|--pay-again'
            echo switch
        case 'enrich company|--domain'
            echo text
        case 'enrich company|--name'
            echo text
        case 'enrich company|--ticker'
            echo text
        case 'enrich company|--id'
            echo text
        case 'enrich company|--dry-run'
            echo switch
        case 'enrich company|--pay-again'
            echo switch
        case 'enrich cohort|--data-points'
            echo many
        case 'enrich cohort|--entity-ids'
            echo text
        case 'enrich cohort|--list'
            echo list
        case 'enrich cohort|--dry-run'
            echo switch
        case 'enrich cohort|--pay-again'
            echo switch
        case 'enrich cohort|--strict'
            echo switch
        case 'enrich list|--scope'
            echo one
        case 'enrich list|--lead-ids'
            echo text
        case 'enrich list|--lead-ids-file'
            echo file
        case 'enrich list|--all-leads'
            echo switch
        case 'enrich list|--dry-run'
            echo switch
        case 'enrich list|--pay-again'
            echo switch
        case 'enrich list|--strict'
            echo switch
        case 'enrich status|--wait'
            echo switch
        case 'enrich status|--strict'
            echo switch
        case 'enrich legacy-bulk|--type'
            echo one
        case 'enrich legacy-bulk|--webhook-url'
            echo text
        case 'enrich legacy-bulk|--dry-run'
            echo switch
        case 'enrich legacy-status|--workflow'
            echo text
        case 'enrich legacy-status|--task'
            echo text
        case 'webhooks deliveries|--limit'
            echo text
        case 'agents run|--type'
            echo one
        case 'agents run|--column'
            echo text
        case 'agents run|--prompt'
            echo text
        case 'agents run|--prompt-file'
            echo file
        case 'agents run|--template'
            echo text
        case 'agents run|--scope'
            echo one
        case 'agents run|--max-rows'
            echo text
        case 'agents run|--overwrite'
            echo switch
        case 'agents run|--dry-run'
            echo switch
        case 'agents run|--pay-again'
            echo switch
        case 'agents run|--strict'
            echo switch
        case 'agents ls|--list'
            echo list
        case 'agents ls|--limit'
            echo text
        case 'agents results|--wait'
            echo switch
        case 'agents results|--strict'
            echo switch
        case 'sync crm|--provider'
            echo one
        case 'sync crm|--sub-action'
            echo one
        case 'sync crm|--mapping'
            echo file
        case 'sync crm|--dry-run'
            echo switch
        case 'sync crm|--pay-again'
            echo switch
        case 'sync sequencer|--campaign'
            echo text
        case 'sync sequencer|--mapping'
            echo file
        case 'sync sequencer|--dry-run'
            echo switch
        case 'sync sequencer|--pay-again'
            echo switch
        case 'runs ls|--state'
            echo one
        case 'runs ls|--limit'
            echo text
        case 'export csv|--output' 'export csv|-o'
            echo file
        case 'export csv|--columns'
            echo many
        case 'export csv|--no-smart-agents'
            echo switch
        case 'export csv|--force'
            echo switch
        case 'export json|--all'
            echo switch
        case 'export json|--limit'
            echo text
        case 'export json|--page-size'
            echo text
        case 'export json|--cursor'
            echo text
        case 'export json|--columns'
            echo many
        case 'export json|--output' 'export json|-o'
            echo file
        case 'export json|--resume'
            echo switch
        case 'export json|--force'
            echo switch
        case 'export json|--format'
            echo one
        case 'keys create|--name'
            echo text
        case 'keys create|--expires'
            echo text
        case 'keys create|--save-profile'
            echo text
        case 'keys create|--secure-storage'
            echo text
        case 'keys create|--jwt-stdin'
            echo switch
        case 'keys ls|--jwt-stdin'
            echo switch
        case 'keys revoke|--jwt-stdin'
            echo switch
        case 'keys revoke-all|--jwt-stdin'
            echo switch
        case 'keys requests|--limit'
            echo text
        case 'keys requests|--jwt-stdin'
            echo switch
        case 'usage|--days'
            echo text
        case 'usage|--group-by'
            echo one
        case 'auth login|--with-token'
            echo switch
        case 'auth login|--jwt'
            echo switch
        case 'auth login|--secure-storage'
            echo text
        case 'api|--raw-field' 'api|-f'
            echo text
        case 'api|--field' 'api|-F'
            echo text
        case 'api|--input'
            echo file
        case 'api|--paginate'
            echo switch
        case 'api|--prefix'
            echo one
        case 'api|--header' 'api|-H'
            echo text
        case 'sandbox serve|--port'
            echo text
        case 'sandbox serve|--seed'
            echo text
        case 'sandbox serve|--people'
            echo text
        case 'sandbox serve|--companies'
            echo text
        case 'sandbox serve|--state'
            echo file
        case 'sandbox serve|--fixtures'
            echo file
        case 'sandbox serve|--scenario'
            echo many
        case 'sandbox serve|--no-rate-limits'
            echo switch
        case 'sandbox start|--port'
            echo text
        case 'sandbox start|--seed'
            echo text
        case 'sandbox start|--people'
            echo text
        case 'sandbox start|--companies'
            echo text
        case 'sandbox start|--state'
            echo file
        case 'sandbox start|--fixtures'
            echo file
        case 'sandbox start|--scenario'
            echo many
        case 'sandbox start|--no-rate-limits'
            echo switch
        case 'sandbox reset|--scenario'
            echo many
        case 'sandbox jwt|--user'
            echo text
        case 'sandbox faults add|--kind'
            echo one
        case 'sandbox faults add|--path'
            echo text
        case 'sandbox faults add|--method'
            echo many
        case 'sandbox faults add|--phase'
            echo one
        case 'sandbox faults add|--latency-ms'
            echo text
        case 'sandbox faults add|--status'
            echo text
        case 'sandbox faults add|--code'
            echo text
        case 'sandbox faults add|--retryable'
            echo switch
        case 'sandbox faults add|--no-retryable'
            echo switch
        case 'sandbox faults add|--retry-after-sec'
            echo text
        case 'sandbox faults add|--count'
            echo text
        case 'sandbox faults add|--after'
            echo text
        case 'sandbox clock advance|--freeze'
            echo switch
        case 'sandbox clock set|--freeze'
            echo switch
        case 'mcp|--toolset'
            echo one
        case 'mcp|--max-credits'
            echo text
        case 'mcp|--read-only'
            echo switch
        case 'mcp config|--client'
            echo one
        case 'mcp config|--write'
            echo switch
        case 'mcp config|--file'
            echo text
        case 'mcp config|--name'
            echo text
        case 'mcp config|--toolset'
            echo one
        case 'mcp config|--max-credits'
            echo text
        case 'mcp config|--read-only'
            echo switch
        case 'demo|--dir'
            echo dir
        case 'demo|--force'
            echo switch
        case '*|--profile'
            echo text
        case '*|--sandbox'
            echo switch
        case '*|--base-url'
            echo text
        case '*|--format'
            echo one
        case '*|--json'
            echo switch
        case '*|--fields'
            echo text
        case '*|--yes' '*|-y'
            echo switch
        case '*|--max-cost'
            echo text
        case '*|--no-wait'
            echo switch
        case '*|--quiet' '*|-q'
            echo switch
        case '*|--debug'
            echo switch
        case '*|--no-color'
            echo switch
        case '*'
            echo switch; return 1
    end
end

function __prospect_flag_values --argument-names path flag
    switch "$path|$flag"
        case 'search people|--seniority'
            printf '%s\n' 'Owner' 'Founder' 'C-Suite' 'Partner' 'Vice President' 'Head' 'Director' 'Manager' 'Senior' 'Entry' 'Trainee' 'Unpaid'
        case 'search people|--management-levels' 'search people|--management-level'
            printf '%s\n' 'C-Suite' 'VP' 'Director' 'Manager'
        case 'search people|--departments' 'search people|--department'
            printf '%s\n' 'Engineering' 'Product' 'Design' 'Sales' 'Marketing' 'Customer Success' 'Operations' 'Finance' 'People & HR' 'Legal' 'IT' 'Data' 'Research' 'Support' 'Business Development' 'Consulting'
        case 'search people|--job-functions' 'search people|--job-function'
            printf '%s\n' 'Engineering' 'Sales' 'Marketing' 'Operations' 'Finance' 'Human Resources' 'Information Technology' 'Product Management' 'Consulting' 'Business Development'
        case 'search people|--company-headcount' 'search people|--headcount'
            printf '%s\n' '1-10' '11-50' '51-200' '201-500' '501-1,000' '1,001-5,000' '5,001-10,000' '10,001+'
        case 'search people compile|--crm'
            printf '%s\n' 'crm_one' 'crm_two'
        case 'search companies|--employee-count-ranges' 'search companies|--employee-count-range' 'search companies|--company-headcount' 'search companies|--headcount-range' 'search companies|--headcount'
            printf '%s\n' '1-10' '11-50' '51-200' '201-500' '501-1,000' '1,001-5,000' '5,001-10,000' '10,001+'
        case 'search companies|--columns'
            printf '%s\n' 'Revenue' 'Funding' 'Last funding' 'Founded' 'LinkedIn' 'Headcount'
        case 'lists find-people|--seniority'
            printf '%s\n' 'Owner' 'Founder' 'C-Suite' 'Partner' 'Vice President' 'Head' 'Director' 'Manager' 'Senior' 'Entry' 'Trainee' 'Unpaid'
        case 'import|--enrich'
            printf '%s\n' 'partial' 'phone_only' 'full' 'none'
        case 'credits estimate|--tool'
            printf '%s\n' 'search_people' 'search_companies' 'find_similar_companies' 'add_leads_to_list' 'enrich_person' 'enrich_company' 'add_person_enrichments' 'add_company_enrichments' 'enrich_list' 'bulk_import_csv' 'run_smart_agent' 'sync_to_crm' 'sync_to_sequencer'
        case 'credits estimate|--data-points'
            printf '%s\n' 'Email' 'Phone' 'LinkedIn' 'Industry' 'Employees' 'Revenue' 'Funding' 'TechStack' 'Domain'
        case 'credits estimate|--scope'
            printf '%s\n' 'partial' 'full' 'phone-only'
        case 'credits estimate|--type'
            printf '%s\n' 'partial' 'phone_only' 'full'
        case 'credits estimate|--agent-type'
            printf '%s\n' 'custom_ai' 'cold_intro_email' 'title_normalizer' 'company_intel' 'pain_point_hypothesis'
        case 'credits estimate|--lead-scope'
            printf '%s\n' 'subset' 'all'
        case 'credits estimate|--provider'
            printf '%s\n' 'crm_one' 'crm_two' 'sequencer_one'
        case 'credits estimate|--sub-action'
            printf '%s\n' 'contacts' 'leads'
        case 'enrich person|--type'
            printf '%s\n' 'partial' 'phone_only' 'full'
        case 'enrich cohort|--data-points'
            printf '%s\n' 'Email' 'Phone' 'LinkedIn' 'Industry' 'Employees' 'Revenue' 'Funding' 'TechStack' 'Domain'
        case 'enrich list|--scope'
            printf '%s\n' 'partial' 'full' 'phone-only'
        case 'enrich legacy-bulk|--type'
            printf '%s\n' 'partial' 'phone_only' 'full'
        case 'agents run|--type'
            printf '%s\n' 'custom_ai' 'cold_intro_email' 'title_normalizer' 'company_intel' 'pain_point_hypothesis'
        case 'agents run|--scope'
            printf '%s\n' 'subset' 'all'
        case 'sync crm|--provider'
            printf '%s\n' 'crm_one' 'crm_two'
        case 'sync crm|--sub-action'
            printf '%s\n' 'contacts' 'leads'
        case 'runs ls|--state'
            printf '%s\n' 'answered' 'not_charged' 'open' 'unknown' 'paid_again'
        case 'export csv|--columns'
            printf '%s\n' 'lead_id' 'first_name' 'last_name' 'email' 'title' 'company' 'domain' 'linkedin_url' 'phone' 'location'
        case 'export json|--columns'
            printf '%s\n' 'lead_id' 'first_name' 'last_name' 'email' 'title' 'company' 'domain' 'linkedin_url' 'phone' 'location'
        case 'export json|--format'
            printf '%s\n' 'ndjson' 'csv' 'json'
        case 'usage|--group-by'
            printf '%s\n' 'tool' 'key' 'day' 'error'
        case 'api|--prefix'
            printf '%s\n' 'v2' 'v1' 'keys' 'root'
        case 'sandbox serve|--scenario'
            printf '%s\n' 'out-of-credits' 'daily-quota-spent' 'half-failed-enrichment' 'crm-refusals' 'expired-links'
        case 'sandbox start|--scenario'
            printf '%s\n' 'out-of-credits' 'daily-quota-spent' 'half-failed-enrichment' 'crm-refusals' 'expired-links'
        case 'sandbox reset|--scenario'
            printf '%s\n' 'out-of-credits' 'daily-quota-spent' 'half-failed-enrichment' 'crm-refusals' 'expired-links'
        case 'sandbox faults add|--kind'
            printf '%s\n' 'latency' 'status' 'drop' 'rate_limit'
        case 'sandbox faults add|--method'
            printf '%s\n' 'GET' 'POST' 'PUT' 'PATCH' 'DELETE' 'HEAD'
        case 'sandbox faults add|--phase'
            printf '%s\n' 'before' 'after'
        case 'mcp|--toolset'
            printf '%s\n' 'read' 'standard' 'all'
        case 'mcp config|--client'
            printf '%s\n' 'claude-desktop' 'claude-code' 'cursor' 'vscode'
        case 'mcp config|--toolset'
            printf '%s\n' 'read' 'standard' 'all'
        case '*|--format'
            printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'tsv'
        case '*'
            true
    end
end

function __prospect_arg --argument-names path n
    switch "$path|$n"
        case 'search people filters|0'
            echo one; printf '%s\n' 'titles' 'seniority' 'departments' 'job_functions' 'management_levels' 'locations' 'company_headcount' 'company_industries'
        case 'search people filters|1'
            echo text
        case 'search companies filters|0'
            echo one; printf '%s\n' 'industries' 'employee_count_ranges' 'locations' 'funding_stages'
        case 'search companies filters|1'
            echo text
        case 'search companies similar|0'
            echo text
        case 'lists create|0'
            echo text
        case 'lists get|0'
            echo list
        case 'lists update|0'
            echo list
        case 'lists rm|0'
            echo list
        case 'lists leads|0'
            echo list
        case 'lists add|0'
            echo list
        case 'lists remove|0'
            echo list
        case 'lists find-people|0'
            echo list
        case 'import|0'
            echo list
        case 'import|1'
            echo file
        case 'folders create|0'
            echo text
        case 'enrich cohort|0'
            echo text
        case 'enrich list|0'
            echo list
        case 'enrich status|0' 'enrich status|'*
            echo text
        case 'enrich legacy-bulk|0'
            echo file
        case 'webhooks deliveries|0'
            echo text
        case 'agents run|0'
            echo list
        case 'agents results|0'
            echo text
        case 'sync crm|0'
            echo list
        case 'sync sequencer|0'
            echo list
        case 'export csv|0'
            echo list
        case 'export json|0'
            echo list
        case 'keys revoke|0'
            echo text
        case 'keys requests|0'
            echo text
        case 'config get|0'
            echo one; printf '%s\n' 'current_profile' 'base_url' 'format' 'max_cost' 'secure_storage'
        case 'config set|0'
            echo one; printf '%s\n' 'current_profile' 'base_url' 'format' 'max_cost' 'secure_storage'
        case 'config set|1'
            echo text
        case 'config unset|0'
            echo one; printf '%s\n' 'current_profile' 'base_url' 'format' 'max_cost' 'secure_storage'
        case 'config rm-profile|0'
            echo text
        case 'api|0'
            echo one; printf '%s\n' 'GET' 'POST' 'PUT' 'PATCH' 'DELETE' 'HEAD'
        case 'api|1'
            echo text
        case 'sandbox clock advance|0'
            echo text
        case 'sandbox clock set|0'
            echo text
        case 'sandbox snapshot save|0'
            echo file
        case 'sandbox snapshot load|0'
            echo file
        case 'completion|0'
            echo one; printf '%s\n' 'bash' 'zsh' 'fish'
        case '*'
            echo text
    end
end

# Prints the candidates for the token being typed.
function __prospect_complete
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cur (commandline -ct)
    set -l path ''
    set -l n 0
    set -l pending ''
    set -l globals
    set -l help ''
    set -l args_only ''
    set -l i 1
    while test $i -le (count $tokens)
        set -l word $tokens[$i]
        if test -n "$args_only"
            set n (math $n + 1)
            set i (math $i + 1)
            continue
        end
        if test "$word" = help; and test -z "$path"; and test -z "$help"
            set help 1
            set i (math $i + 1)
            continue
        end
        switch $word
            case --
                set args_only 1
            case '--*=*'
                set -l parts (string split -m 1 = -- $word)
                contains -- $parts[1] --profile --base-url; and set -a globals $parts[1] $parts[2]
            case '-?*'
                set -l kind (__prospect_flag_kind "$path" $word)
                if test "$kind" != switch
                    set i (math $i + 1)
                    if test $i -gt (count $tokens)
                        set pending $word
                        break
                    end
                    contains -- $word --profile --base-url; and set -a globals $word $tokens[$i]
                else if test "$word" = --sandbox
                    set -a globals --sandbox
                end
            case '*'
                set -l child
                if test $n -eq 0; and set child (__prospect_child "$path" $word)
                    set path (string trim -- "$path $child")
                else
                    set n (math $n + 1)
                end
        end
        set i (math $i + 1)
    end

    set -l prefix ''
    if test -z "$pending"; and string match -q -- '--*=*' $cur
        set -l parts (string split -m 1 = -- $cur)
        if test (__prospect_flag_kind "$path" $parts[1]) != switch
            set pending $parts[1]
            set prefix "$parts[1]="
            set cur $parts[2]
        end
    end

    set -l kind
    set -l values
    set -l subcommands (__prospect_words "$path")
    test -z "$path"; and test -z "$help"; and set -a subcommands (printf 'help\tshow help for a command')
    if test -n "$pending"
        set kind (__prospect_flag_kind "$path" $pending)
        set values (__prospect_flag_values "$path" $pending)
    else if test -z "$args_only"; and string match -q -- '-*' $cur
        __prospect_flags "$path"
        __prospect_global_flags
        return
    else if test $n -eq 0; and test -z "$args_only"; and set -q subcommands[1]
        printf '%s\n' $subcommands
        return
    else if test -n "$help"
        return
    else
        set -l arg (__prospect_arg "$path" $n)
        set kind $arg[1]
        set values $arg[2..-1]
    end
    switch $kind
        case one
            printf '%s\n' $prefix$values
        case many
            # a comma list: complete its last item
            set -l head (string replace -r '[^,]*$' '' -- $cur)
            printf '%s\n' $prefix$head$values
        case file
            __fish_complete_path $cur | string replace -r '^' -- $prefix
        case dir
            __fish_complete_directories $cur | string replace -r '^' -- $prefix
        case list
            command prospect __complete lists $globals 2>/dev/null | string replace -r '^' -- $prefix
    end
end

complete -c prospect -f -a '(__prospect_complete)'
