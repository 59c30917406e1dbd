/**
 * The ids and values the catalog's examples share, spelled as the service spells them. A test
 * sends every body example to the sandbox with these values replaced by live ones
 * (test/sandbox/openapi-examples.test.ts), so an example is a request that works.
 */
export const SAMPLE = {
  listId: 'lst_7c1e4b9a2f3d8e6051c4a9b2',
  /** Two leads of that list. */
  leadIds: ['ld_95100637d0ef1b3885ff78fa', 'ld_6a28c7177b6f9290d4eb3dc7'],
  /** A cohort of people, from a people search. */
  cohort: 'svc-task_25d1dda9de9189c096d05e72',
  /** A company some lead of the list works at. */
  companyId: 'cmp_17070e15f46da9b8',
  domain: 'vividsavings.co.kr',
  linkedinUrl: 'https://www.linkedin.com/in/tae-yang-yoo-73a08f32',
  folderId: '3f6d2c1a-8b4e-4f7a-9c2d-5e1b0a7f4c39',
  /** A quote of POST /credits/estimate for the request it is sent with. */
  quoteId: 'qte_v1_eyJ0IjoiZW5yaWNoX2xpc3QiLCJyIjoyfQ.iMPIsSJumJtpnTbVgUC0mAa_MVYLyDb1PaA_Gsvxks4',
  webhookUrl: 'https://hooks.example.com/prospect/enrichment',
  organizationId: 'org_efa22a44221bac9afc2986e9',
  userId: 'usr_8e3bc91a317dfa0dd07cdfd3',
  keyId: 'c2c3b081-12b6-4dbd-92ab-2137e96496e2',
  personWorkflowId: 'enrich-5b0e9a7c-3d2f-4c1b-8e6a-9f4d2c7b1a05',
  bulkWorkflowId: 'bulk-enrich-8d3c1f6e-2a9b-4e7d-b5c4-1a0f9e8d7c62',
  findPeopleWorkflowId: 'fpw_3a9c5e1b7d2f4a6c8e0b1d3f',
  agentRunId: 'agent-6e2b9d4f-1c8a-4b3e-9d7f-2a5c0e8b4f13',
  legacyWorkflowId: 'public_bulk_0f4e8a2c-6b1d-4e9f-a3c7-5d2b8e1f9a40',
  createdAt: '2025-03-04T09:15:00.000Z',
  timestampMs: 1741079700000,
} as const;
