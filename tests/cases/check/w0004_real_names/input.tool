//! W0004 on tool names as real tool sets write them: the tools of the
//! import corpus (captured from public MCP servers and modelled on them) and
//! names from other public servers. One package, so that prefixes shared by
//! several tools (`browser_`, `git_`) count as such. Flagged: names that
//! read as a noun rather than an action (`directory_tree`, `git_status`,
//! `whoami`); not flagged: verbs, after a prefix or not.
package real;

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool add_issue_comment();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool add_observations();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_click();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_evaluate();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_fill_form();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_navigate();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_resize();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_tabs();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_take_screenshot();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_type();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_wait_for();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool convert_time();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool create_customer();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool create_directory();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool create_entities();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool create_issue();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool create_payment_intent();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool create_price();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool create_pull_request();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool create_refund();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool create_relations();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool delete_entities();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool delete_observations();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool delete_relations();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool describe_table();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool directory_tree();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool display_pdf();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool echo();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool edit_file();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool execute();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool fetch();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "get-annotated-message"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "get-env"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "get-resource-links"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "get-resource-reference"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "get-scenario-data"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "get-structured-content"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "get-sum"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "get-tiny-image"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool get_current_time();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool get_file_contents();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool get_file_info();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool get_issue();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_add();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_branch();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_checkout();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_commit();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_create_branch();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_diff();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_diff_staged();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_diff_unstaged();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_log();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_reset();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_show();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_status();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "gzip-file-as-resource"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool interact();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool list_allowed_directories();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool list_customers();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool list_directory();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool list_directory_with_sizes();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool list_issues();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool list_pdfs();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool list_pull_request_files();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool list_tables();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool move_file();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool open_nodes();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool poll_pdf_commands();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool query();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool read_file();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool read_graph();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool read_media_file();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool read_multiple_files();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool read_pdf_bytes();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool read_text_file();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool save_pdf();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool search_documentation();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool search_files();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool search_issues();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool search_nodes();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool select_rows();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool sequentialthinking();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "simulate-research-query"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool submit_page_data();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool submit_save_data();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool submit_viewer_state();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "toggle-simulated-logging"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "toggle-subscriber-updates"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool "trigger-long-running-operation"();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool update_issue();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool update_labels();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool write_file();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool flatten_nodes();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool unflatten_tree();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool rebase_branch();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool stash_changes();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool rerank_results();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_stash();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool git_rebase();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_snapshot();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_console_messages();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_network_requests();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_pdf_save();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_tab_list();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_close();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_drag();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_hover();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_select_option();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_press_key();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_file_upload();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_handle_dialog();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool browser_navigate_back();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool slack_post_message();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool slack_list_channels();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool slack_get_users();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool notion_search();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool notion_retrieve_page();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool puppeteer_screenshot();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool brave_web_search();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool brave_local_search();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool maps_geocode();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool maps_directions();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool maps_elevation();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool time_now();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool weather_forecast();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool kubectl_logs();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool docker_ps();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool npm_audit();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool web_search();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool image_generation();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool text_to_speech();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool speech_to_text();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool summarization();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool translation();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool health_check();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool healthcheck();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool whoami();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool version();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool status();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool ping();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool user_info();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool repo_info();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool file_exists();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool url_shortener();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool memory_store();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool memory_recall();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool append_blocks();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool upsert_records();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool embed_text();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool vectorize_text();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool chunk_document();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool dedupe_rows();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool paginate_results();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool unzip_archive();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool zip_files();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool tar_directory();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool lint_code();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool format_code();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool refactor_function();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool rename_symbol();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool goto_definition();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool find_references();

/// Does what its name says and returns what it found.
@extended @allow(not_snake_case)
tool complete_code();

